import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../../../components/link';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { LoginForm } from '../components/login-form';
import { loginNotice, returnPath, SESSION_EXPIRED_NOTICE } from '../login-state';
import { useSession } from '../use-session';
import './auth.css';

export function LoginPage() {
  const { status, expired } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  usePageMeta({ title: 'Iniciar sesión' });
  const destination = returnPath(location.state, routes.myReviews());
  const notice = loginNotice(location.state) ?? (expired ? SESSION_EXPIRED_NOTICE : null);

  if (status === 'authenticated') return <Navigate to={destination} replace />;

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Iniciar sesión</h1>
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        <LoginForm onLoggedIn={() => navigate(destination, { replace: true })} />
        <p className="auth-card__alt">
          ¿Aún no tienes cuenta? <Link to={routes.register()}>Hazte crítico</Link>
        </p>
      </div>
    </div>
  );
}
