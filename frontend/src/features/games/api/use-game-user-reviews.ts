import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { UserReview } from '../../../lib/types';

export function useGameUserReviews(igdbID: string | undefined) {
  return useSWR<UserReview[]>(igdbID ? apiPaths.games.userReviews(igdbID) : null);
}
