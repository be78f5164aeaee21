import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export function deleteFeed(id: number) {
  return adminFetch<null>(apiPaths.admin.feed(id), { method: 'DELETE' });
}
