import { Link, Navigate, useNavigate } from 'react-router-dom';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { LoginForm } from '../components/login-form';
import { useSession } from '../use-session';
import './auth.css';

export function LoginPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  usePageMeta({ title: 'Iniciar sesión' });

  if (status === 'authenticated') return <Navigate to={routes.myReviews()} replace />;

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Iniciar sesión</h1>
        <LoginForm onLoggedIn={() => navigate(routes.myReviews())} />
        <p className="auth-card__alt">
          ¿Aún no tienes cuenta? <Link to={routes.register()}>Hazte crítico</Link>
        </p>
      </div>
    </div>
  );
}
