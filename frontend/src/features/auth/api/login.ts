import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export async function login(credentials: { username: string; password: string }): Promise<string> {
  const answer = await apiFetch<{ token: string }>(apiPaths.auth.login(), {
    method: 'POST',
    json: credentials,
    token: null,
  });
  return answer.token;
}
