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

/** A new confirmation e-mail for an account that is not confirmed yet; answers the message to show. */
export async function resendConfirmation(credentials: {
  username: string;
  password: string;
}): Promise<string> {
  const answer = await apiFetch<{ message: string }>(apiPaths.auth.resendConfirmation(), {
    method: 'POST',
    json: credentials,
    token: null,
  });
  return answer.message;
}
