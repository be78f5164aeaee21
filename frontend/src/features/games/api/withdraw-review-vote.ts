import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function withdrawReviewVote(reviewId: number) {
  return apiFetch<null>(apiPaths.reviews.vote(reviewId), { method: 'DELETE' });
}
