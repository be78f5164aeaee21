import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { OwnRating } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

/** The logged-in user's own score for the game (null when none: the API answers 204). */
export function useOwnRating(igdbID: number | string) {
  return useSWR<number | null>(useAuthenticatedKey(apiPaths.user.ownRating(igdbID)), async (path: string) => {
    const answer = await apiFetch<OwnRating | ''>(path);
    return answer && typeof answer === 'object' ? answer.score : null;
  });
}
