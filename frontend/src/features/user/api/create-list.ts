import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function createList(name: string) {
  return apiFetch<string>(apiPaths.user.lists(), { method: 'POST', json: { name, gameIds: [] } });
}
