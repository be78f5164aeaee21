import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function removeGameFromList(listId: number, igdbID: number) {
  return apiFetch<null>(apiPaths.user.listGame(listId, igdbID), { method: 'DELETE' });
}
