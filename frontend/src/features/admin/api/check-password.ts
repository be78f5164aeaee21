import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { SessionToken } from '../../../lib/types';

/** Exchanges the admin password for a short-lived admin token. */
export async function checkPassword(password: string): Promise<string> {
  const answer = await apiFetch<SessionToken>(apiPaths.auth.checkPassword(), {
    method: 'POST',
    json: { password },
    token: null,
  });
  return answer.token;
}
