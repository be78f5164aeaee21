import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { UserReview } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

/** The logged-in user's own review of the game (null when none: the API answers 204). */
export function useOwnReview(igdbID: number | string) {
  return useSWR<UserReview | null>(
    useAuthenticatedKey(apiPaths.user.ownReview(igdbID)),
    async (path: string) => {
      const answer = await apiFetch<UserReview | ''>(path);
      return answer && typeof answer === 'object' ? answer : null;
    },
  );
}
