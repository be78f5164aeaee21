/** What a session token carries: the user id and the account version it was issued for. */
export interface TokenClaims {
  sub: string;
  ver: number;
}

export interface TokenSubject {
  userId: number;
  tokenVersion: number;
}

export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export const claimsFor = (user: { id: number; tokenVersion: number }): TokenClaims => ({
  sub: String(user.id),
  ver: user.tokenVersion,
});

/** The subject of a verified payload, or null when the payload is not one of our session tokens. */
export function subjectOf(payload: unknown): TokenSubject | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, ver } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return null;
  if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 0) return null;
  return { userId: Number(sub), tokenVersion: ver };
}
