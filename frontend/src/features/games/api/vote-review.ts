import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** '¿Te ha sido útil?': one answer per reader and review; the same call changes it. */
export function voteReview(reviewId: number, helpful: boolean) {
  return apiFetch<null>(apiPaths.reviews.vote(reviewId), { method: 'PUT', json: { helpful } });
}
