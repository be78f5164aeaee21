import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function followUser(username: string) {
  return apiFetch<{ following: true }>(apiPaths.users.follow(username), { method: 'PUT' });
}

export function unfollowUser(username: string) {
  return apiFetch<{ following: false }>(apiPaths.users.follow(username), { method: 'DELETE' });
}
