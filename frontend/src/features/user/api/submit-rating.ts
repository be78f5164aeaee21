import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function submitRating(rating: { gameId: number; score: number }) {
  return apiFetch<{ avUserRatings: number | null; userRatingCount: number }>(apiPaths.user.rating(), {
    method: 'POST',
    json: rating,
  });
}
