import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { routes } from '../../../lib/paths';
import { loginStateFrom } from '../login-state';
import { useSession } from '../use-session';

/**
 * Pages of the logged-in user: wait for the profile and send visitors to /login. Someone who logs out
 * (or deletes the account) while on the page goes home instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, retry } = useSession();
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
  // A stored session whose profile could not be read is no visitor: the page is not traded for the login.
  if (status === 'unavailable') {
    return <LoadError message="No se han podido cargar tus datos de usuario." onRetry={retry} />;
  }
  if (status === 'anonymous') {
    if (wasAuthenticated) return <Navigate to={routes.home()} replace />;
    return <Navigate to={routes.login()} state={loginStateFrom(location)} replace />;
  }
  return children;
}
