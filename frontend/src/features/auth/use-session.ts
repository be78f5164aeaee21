import { useContext } from 'react';
import { SessionContext, type Session } from './session-context';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The SWR key of an authenticated call: null (no request) while logged out. */
export function useAuthenticatedKey(path: string | null): string | null {
  const { token } = useSession();
  return token && path ? path : null;
}
