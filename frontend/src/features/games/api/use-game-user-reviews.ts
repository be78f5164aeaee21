import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { UserReview } from '../../../lib/types';

export type UserReviewSort = 'helpful' | 'recent';

export function useGameUserReviews(igdbID: string | undefined, sort: UserReviewSort = 'helpful') {
  return useSWR<UserReview[]>(igdbID ? apiPaths.games.userReviews(igdbID, sort) : null);
}
