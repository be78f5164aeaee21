import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function register(account: { email: string; username: string; password: string }) {
  return apiFetch<{ message: string }>(apiPaths.auth.register(), {
    method: 'POST',
    json: account,
    token: null,
  });
}
