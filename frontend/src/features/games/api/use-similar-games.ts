import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { SimilarGame } from '../../../lib/types';

/** Up to 12 similar games, each with its reason, as the worker job stored them. */
export function useSimilarGames(igdbID: number | undefined) {
  return useSWR<SimilarGame[]>(igdbID ? apiPaths.games.similar(igdbID) : null);
}
