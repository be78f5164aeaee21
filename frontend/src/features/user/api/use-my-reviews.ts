import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { UserReview } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

export function useMyReviews() {
  return useSWR<UserReview[]>(useAuthenticatedKey(apiPaths.user.reviews()));
}
