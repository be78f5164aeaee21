import useSWR from 'swr';
import type { PriceHistoryPointBody } from '@veredicto/contract';
import { apiPaths } from '../../../lib/paths';

/** Every price change we saw of the game, oldest first, for the chart. */
export function usePriceHistory(igdbID: number) {
  return useSWR<PriceHistoryPointBody[]>(apiPaths.games.priceHistory(igdbID));
}
