import type { Location } from 'react-router-dom';

/** What a link to the login page carries: where to go back to, and why the user is asked to log in. */
export interface LoginState {
  /** The page to return to after logging in (a path of this site). */
  from?: string;
  /** A message shown above the form ('Tu sesión ha caducado…', 'Contraseña cambiada…'). */
  notice?: string;
}

export const SESSION_EXPIRED_NOTICE = 'Tu sesión ha caducado. Inicia sesión de nuevo para continuar.';

/** The state for a link to the login page from where the user is now. */
export function loginStateFrom(location: Pick<Location, 'pathname' | 'search'>, notice?: string): LoginState {
  return { from: `${location.pathname}${location.search}`, ...(notice ? { notice } : {}) };
}

/**
 * Where to go after logging in: the page the user came from when it is a path of this site (never another
 * origin, never the login page itself), otherwise the user's reviews as before.
 */
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as LoginState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return fallback;
  }
  if (/^\/(login|register)(\/|\?|$)/.test(from)) return fallback;
  return from;
}

export function loginNotice(state: unknown): string | null {
  const notice = (state as LoginState | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}
