import { claimsFor, subjectOf } from './token-claims.js';

const SID = '0b7f3c2e-8d4a-4f1e-9c6b-2a5d7e9f1c3b';

describe('session token claims', () => {
  it('carries the user id as the subject, the account version and the session id', () => {
    expect(claimsFor({ id: 42, tokenVersion: 3 }, SID)).toEqual({ sub: '42', ver: 3, sid: SID });
  });

  it('reads back what it wrote, with the expiry', () => {
    expect(subjectOf({ ...claimsFor({ id: 7, tokenVersion: 0 }, SID), iat: 1, exp: 2 })).toEqual({
      userId: 7,
      tokenVersion: 0,
      sessionId: SID,
      expiresAt: new Date(2000),
    });
  });

  it.each([
    null,
    'token',
    {},
    { sub: 7, ver: 0, sid: SID, exp: 2 },
    { sub: '7', sid: SID, exp: 2 },
    { sub: '0', ver: 0, sid: SID, exp: 2 },
    { sub: '-1', ver: 0, sid: SID, exp: 2 },
    { sub: '7abc', ver: 0, sid: SID, exp: 2 },
    { sub: '7', ver: '0', sid: SID, exp: 2 },
    { sub: '7', ver: 1.5, sid: SID, exp: 2 },
    { sub: '7', ver: -1, sid: SID, exp: 2 },
    { sub: '7', ver: 0, exp: 2 },
    { sub: '7', ver: 0, sid: 'no-es-un-uuid', exp: 2 },
    { sub: '7', ver: 0, sid: SID },
  ])('rejects %p', (payload) => {
    expect(subjectOf(payload)).toBeNull();
  });
});
