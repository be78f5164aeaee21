import { createContext } from 'react';
import type { CurrentUser } from '../../lib/types';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: CurrentUser | null;
  token: string | null;
  status: SessionStatus;
  /** Stores a token (login, or a new token after a profile update). */
  login: (token: string) => void;
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);
