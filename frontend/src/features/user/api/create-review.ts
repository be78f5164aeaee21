import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function createReview(review: {
  gameId: number;
  review: string;
  rating: number;
  spoiler: boolean;
  imageCover: string | null;
}) {
  return apiFetch<string>(apiPaths.user.reviews(), { method: 'POST', json: review });
}
