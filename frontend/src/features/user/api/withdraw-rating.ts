import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Withdraws the user's score; answers the player average recalculated without it. */
export function withdrawRating(igdbID: number) {
  return apiFetch<{ avUserRatings: number | null; userRatingCount: number }>(
    apiPaths.user.ownRating(igdbID),
    {
      method: 'DELETE',
    },
  );
}
