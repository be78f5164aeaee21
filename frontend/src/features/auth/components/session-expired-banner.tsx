import { useLocation } from 'react-router-dom';
import { Link } from '../../../components/link';
import { routes } from '../../../lib/paths';
import { loginStateFrom, SESSION_EXPIRED_NOTICE } from '../login-state';
import { useSession } from '../use-session';

/** Says once, on any page, that the session ended, with a way back in that returns to this page. */
export function SessionExpiredBanner() {
  const { expired, dismissExpired } = useSession();
  const location = useLocation();
  if (!expired || location.pathname === routes.login()) return null;
  return (
    <div className="session-banner" role="status">
      <p>Tu sesión ha caducado.</p>
      <Link
        className="button button--primary"
        to={routes.login()}
        state={loginStateFrom(location, SESSION_EXPIRED_NOTICE)}
      >
        Iniciar sesión
      </Link>
      <button type="button" className="button button--ghost" onClick={dismissExpired}>
        Cerrar
      </button>
    </div>
  );
}
