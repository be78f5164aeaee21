import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function addGameToList(entry: { gameId: number; name: string }) {
  return apiFetch<unknown>(apiPaths.user.addGameToList(), { method: 'POST', json: entry });
}
