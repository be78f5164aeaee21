import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { PlayEstimate } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

/** How long the game should take the signed-in player, and what is left of it (null key when signed out). */
export function usePlayEstimate(igdbID: number | string) {
  return useSWR<PlayEstimate>(useAuthenticatedKey(apiPaths.user.gameEstimate(igdbID)));
}
