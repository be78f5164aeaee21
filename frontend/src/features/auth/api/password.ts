import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ServerMessage } from '../../../lib/types';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiFetch<ServerMessage>(apiPaths.auth.forgotPassword(), {
    method: 'POST',
    json: { email },
    token: null,
  });
  return answer.message;
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiFetch(apiPaths.auth.resetPassword(), { method: 'POST', json: { token, password }, token: null });
}

/** Ends every session of the account, the current one too. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiFetch(apiPaths.user.password(), { method: 'PUT', json: { currentPassword, newPassword } });
}

/** Ends the session on the server too, so the token is worthless even if it was copied. */
export async function logoutOnServer(token: string): Promise<void> {
  await apiFetch(apiPaths.auth.logout(), { method: 'POST', token });
}
