import { claimsFor, subjectOf } from './token-claims.js';

describe('session token claims', () => {
  it('carries the user id as the subject and the account version', () => {
    expect(claimsFor({ id: 42, tokenVersion: 3 })).toEqual({ sub: '42', ver: 3 });
  });

  it('reads back what it wrote', () => {
    expect(subjectOf({ ...claimsFor({ id: 7, tokenVersion: 0 }), iat: 1, exp: 2 })).toEqual({
      userId: 7,
      tokenVersion: 0,
    });
  });

  it.each([
    null,
    'token',
    {},
    { sub: 7, ver: 0 },
    { sub: '7' },
    { sub: '0', ver: 0 },
    { sub: '-1', ver: 0 },
    { sub: '7abc', ver: 0 },
    { sub: '7', ver: '0' },
    { sub: '7', ver: 1.5 },
    { sub: '7', ver: -1 },
  ])('rejects %p', (payload) => {
    expect(subjectOf(payload)).toBeNull();
  });
});
