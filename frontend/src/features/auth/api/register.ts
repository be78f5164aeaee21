import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ServerMessage } from '../../../lib/types';

export function register(account: { email: string; username: string; password: string }) {
  return apiFetch<ServerMessage>(apiPaths.auth.register(), {
    method: 'POST',
    json: account,
    token: null,
  });
}
