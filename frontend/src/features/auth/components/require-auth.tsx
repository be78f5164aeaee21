import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { routes } from '../../../lib/paths';
import { useSession } from '../use-session';

/**
 * Pages of the logged-in user: wait for the profile and send visitors to /login. Someone who logs out
 * (or deletes the account) while on the page goes home instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [wasAuthenticated, setWasAuthenticated] = useState(false);
  if (status === 'authenticated' && !wasAuthenticated) setWasAuthenticated(true);

  if (status === 'loading') {
    return (
      <p className="muted" role="status">
        Cargando datos de usuario...
      </p>
    );
  }
  if (status === 'anonymous')
    return <Navigate to={wasAuthenticated ? routes.home() : routes.login()} replace />;
  return children;
}
