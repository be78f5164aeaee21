import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function deleteList(listId: number) {
  return apiFetch<null>(apiPaths.user.list(listId), { method: 'DELETE' });
}
