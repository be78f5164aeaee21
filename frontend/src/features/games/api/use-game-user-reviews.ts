import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { UserReview, UserReviewSort } from '../../../lib/types';

export function useGameUserReviews(igdbID: string | undefined, sort: UserReviewSort = 'helpful') {
  return useSWR<UserReview[]>(igdbID ? apiPaths.games.userReviews(igdbID, sort) : null);
}
