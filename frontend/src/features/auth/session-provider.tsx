import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, readStoredToken, TOKEN_STORAGE_KEY } from '../../lib/api-client';
import { logoutOnServer } from './api/password';
import { useCurrentUser } from './api/use-current-user';
import { SessionContext, type Session } from './session-context';

const isUserKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/user/');

/**
 * Session per spec section 4: the token lives in localStorage 'token'; with a token the profile is fetched,
 * and a token the API rejects is dropped. Other tabs' logins and logouts arrive through the storage event.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(readStoredToken);
  const [expired, setExpired] = useState(false);
  const { mutate } = useSWRConfig();
  const { data: user, error, mutate: reloadUser } = useCurrentUser(token);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) setToken(readStoredToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Another user's (or no user's) data must not survive a change of token.
  useEffect(() => {
    void mutate(isUserKey, undefined, { revalidate: true });
  }, [token, mutate]);

  // Only a 401 says the token is no good (ended, expired, its account gone): a 429 or a 503 on the way, from
  // the API or a proxy, passes, and the next revalidation finds the session still open.
  const rejected = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!rejected) return;
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    setToken(null);
    setExpired(true);
  }, [rejected]);

  const login = useCallback((newToken: string) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, newToken);
    setToken(newToken);
    setExpired(false);
  }, []);
  const dismissExpired = useCallback(() => setExpired(false), []);

  // 'Cerrar sesión' ends the session on the server too; the browser forgets the token at once either way.
  const logout = useCallback(() => {
    const ended = readStoredToken();
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    setToken(null);
    if (ended) void logoutOnServer(ended).catch(() => undefined);
  }, []);

  const retry = useCallback(() => reloadUser(), [reloadUser]);

  const session = useMemo<Session>(() => {
    const currentUser = token && user ? user : null;
    const status = currentUser
      ? 'authenticated'
      : !token || rejected
        ? 'anonymous'
        : error
          ? 'unavailable'
          : 'loading';
    return { user: currentUser, token, status, login, logout, retry, expired, dismissExpired };
  }, [token, user, error, rejected, login, logout, retry, expired, dismissExpired]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
