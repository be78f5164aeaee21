import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function deletePlaySession(igdbID: number, sessionId: number) {
  return apiFetch<void>(apiPaths.user.gameSession(igdbID, sessionId), { method: 'DELETE' });
}
