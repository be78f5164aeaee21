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
  /** The API refused the stored token (expired, or ended elsewhere): the user is told once. */
  expired: boolean;
  dismissExpired: () => void;
}

export const SessionContext = createContext<Session | null>(null);
