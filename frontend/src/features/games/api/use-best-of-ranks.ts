import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';

export interface BestOfRank {
  year: number;
  /** Null: every platform. */
  platform: string | null;
  rank: number;
}

/** The game's places in its year's best-of lists, best first. */
export function useBestOfRanks(igdbID: number | undefined) {
  return useSWR<BestOfRank[]>(igdbID ? apiPaths.games.bestOfRanks(igdbID) : null);
}
