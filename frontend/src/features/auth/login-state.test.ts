import { describe, expect, it } from 'vitest';
import { loginNotice, loginStateFrom, returnPath } from './login-state';

describe('returnPath', () => {
  it('returns to the page the user came from', () => {
    const state = loginStateFrom({ pathname: '/game/celeste/17000', search: '?tab=2' });
    expect(returnPath(state, '/user/reviews')).toBe('/game/celeste/17000?tab=2');
  });

  it('never leaves the site nor returns to the login or registration page', () => {
    for (const from of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      '/login',
      '/register?x=1',
    ]) {
      expect(returnPath({ from }, '/user/reviews')).toBe('/user/reviews');
    }
    expect(returnPath(null, '/user/reviews')).toBe('/user/reviews');
    expect(returnPath({ from: 42 }, '/user/reviews')).toBe('/user/reviews');
  });

  it('reads the notice only when it is a text', () => {
    expect(loginNotice({ notice: 'Tu sesión ha caducado.' })).toBe('Tu sesión ha caducado.');
    expect(loginNotice({ notice: 3 })).toBeNull();
    expect(loginNotice(undefined)).toBeNull();
  });
});
