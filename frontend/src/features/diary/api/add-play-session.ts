import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { PlaySession } from '../../../lib/types';

export function addPlaySession(
  igdbID: number,
  body: { date: string; minutes: number; platform?: string; note?: string },
) {
  return apiFetch<PlaySession>(apiPaths.user.gameSessions(igdbID), { method: 'POST', json: body });
}
