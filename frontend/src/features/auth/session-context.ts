import { createContext } from 'react';
import type { CurrentUser } from '../../lib/types';

/**
 * 'unavailable': a token is stored but its profile could not be read (the API or the network failed with
 * anything but a 401): the user is not taken for a visitor, and may try again.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'unavailable';

export interface Session {
  user: CurrentUser | null;
  token: string | null;
  status: SessionStatus;
  /** Stores a token (login, or a new token after a profile update). */
  login: (token: string) => void;
  logout: () => void;
  /** Reads the profile again (after 'unavailable'). */
  retry: () => Promise<unknown>;
  /** The API refused the stored token (expired, or ended elsewhere): the user is told once. */
  expired: boolean;
  dismissExpired: () => void;
}

export const SessionContext = createContext<Session | null>(null);
