import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function removeGameStatus(igdbID: number) {
  return apiFetch<void>(apiPaths.user.gameStatus(igdbID), { method: 'DELETE' });
}
