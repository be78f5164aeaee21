import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { ServerMessage, SessionToken } from '../../../lib/types';

export async function login(credentials: { username: string; password: string }): Promise<string> {
  const answer = await apiFetch<SessionToken>(apiPaths.auth.login(), {
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
  const answer = await apiFetch<ServerMessage>(apiPaths.auth.resendConfirmation(), {
    method: 'POST',
    json: credentials,
    token: null,
  });
  return answer.message;
}

/** Asks for a single-use way in by e-mail (when the account is under attack); answers the message to show. */
export async function requestLoginLink(username: string): Promise<string> {
  const answer = await apiFetch<ServerMessage>(apiPaths.auth.loginLink(), {
    method: 'POST',
    json: { username },
    token: null,
  });
  return answer.message;
}

/** Exchanges the e-mailed link's token for a session token (once). */
export async function exchangeLoginLink(token: string): Promise<string> {
  const answer = await apiFetch<SessionToken>(apiPaths.auth.useLoginLink(), {
    method: 'POST',
    json: { token },
    token: null,
  });
  return answer.token;
}
