import useSWR from 'swr';
import type { GamePricesBody } from '@veredicto/contract';
import { apiPaths } from '../../../lib/paths';

/** The game's prices per store as the poll stored them, its historic low and its subscriptions. */
export function useGamePrices(igdbID: number) {
  return useSWR<GamePricesBody>(apiPaths.games.prices(igdbID));
}
