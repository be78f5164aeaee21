import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { PlaySession, PlaySessionBody } from '../../../lib/types';

export function addPlaySession(igdbID: number, body: PlaySessionBody) {
  return apiFetch<PlaySession>(apiPaths.user.gameSessions(igdbID), { method: 'POST', json: body });
}
