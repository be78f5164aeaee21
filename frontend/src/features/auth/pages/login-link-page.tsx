import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { pageTexts } from '@veredicto/contract';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { exchangeLoginLink } from '../api/login';
import { useSession } from '../use-session';
import './auth.css';

/** /login-link?token=: the e-mailed single-use way in; the browser is remembered as the account's own. */
export function LoginLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The link works once: a second request (a re-render, React's development double effects) must not spend it.
  const sent = useRef(false);
  usePageMeta({ ...pageTexts.loginLink(), canonicalPath: routes.loginLink() });

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    exchangeLoginLink(token)
      .then((sessionToken) => {
        session.login(sessionToken);
        navigate(routes.myReviews(), { replace: true });
      })
      .catch((caught: unknown) =>
        setError(serverMessage(caught, 'El enlace de acceso no es válido o ha caducado.')),
      );
  }, [token, session, navigate]);

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Entrar con un enlace</h1>
        {!token || error ? (
          <>
            <p className="form-error" role="alert">
              {error ?? 'El enlace de acceso no es válido o ha caducado.'}
            </p>
            <Link to={routes.login()} className="button button--primary">
              Volver a iniciar sesión
            </Link>
          </>
        ) : (
          <p role="status">Entrando en tu cuenta...</p>
        )}
      </div>
    </div>
  );
}
