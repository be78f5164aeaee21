import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { PlayerAverage, RatingBody } from '../../../lib/types';

export function submitRating(rating: RatingBody) {
  return apiFetch<PlayerAverage>(apiPaths.user.rating(), {
    method: 'POST',
    json: rating,
  });
}
