import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function deleteAccount() {
  return apiFetch<unknown>(apiPaths.user.deleteAccount(), { method: 'DELETE' });
}
