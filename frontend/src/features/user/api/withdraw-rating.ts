import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { PlayerAverage } from '../../../lib/types';

/** Withdraws the user's score; answers the player average recalculated without it. */
export function withdrawRating(igdbID: number) {
  return apiFetch<PlayerAverage>(apiPaths.user.ownRating(igdbID), { method: 'DELETE' });
}
