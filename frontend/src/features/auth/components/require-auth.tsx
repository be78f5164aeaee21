import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routes } from '../../../lib/paths';
import { loginStateFrom } from '../login-state';
import { useSession } from '../use-session';

/**
 * Pages of the logged-in user: wait for the profile and send visitors to /login. Someone who logs out
 * (or deletes the account) while on the page goes home instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const [wasAuthenticated, setWasAuthenticated] = useState(false);
  if (status === 'authenticated' && !wasAuthenticated) setWasAuthenticated(true);

  if (status === 'loading') {
    return (
      <p className="muted" role="status">
        Cargando datos de usuario...
      </p>
    );
  }
  if (status === 'anonymous') {
    if (wasAuthenticated) return <Navigate to={routes.home()} replace />;
    return <Navigate to={routes.login()} state={loginStateFrom(location)} replace />;
  }
  return children;
}
