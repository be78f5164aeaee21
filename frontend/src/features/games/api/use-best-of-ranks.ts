import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { BestOfRank } from '../../../lib/types';

/** The game's places in its year's best-of lists, best first. */
export function useBestOfRanks(igdbID: number | undefined) {
  return useSWR<BestOfRank[]>(igdbID ? apiPaths.games.bestOfRanks(igdbID) : null);
}
