/** What a session token carries: the user id, the account version it was issued for and its session id. */
export interface TokenClaims {
  sub: string;
  ver: number;
  /** The session's own id: logging out revokes it alone. */
  sid: string;
}

export interface TokenSubject {
  userId: number;
  tokenVersion: number;
  sessionId: string;
  expiresAt: Date;
}

export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const claimsFor = (user: { id: number; tokenVersion: number }, sessionId: string): TokenClaims => ({
  sub: String(user.id),
  ver: user.tokenVersion,
  sid: sessionId,
});

/**
 * The subject of a verified payload, or null when the payload is not one of our session tokens (tokens
 * from before sessions had ids included: they cannot be ended one by one, so they are not accepted).
 */
export function subjectOf(payload: unknown): TokenSubject | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, ver, sid, exp } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
  if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) return null;
  if (typeof sid !== 'string' || !SESSION_ID.test(sid)) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return { userId: Number(sub), tokenVersion: ver, sessionId: sid, expiresAt: new Date(exp * 1000) };
}
