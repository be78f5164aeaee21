import { pageTexts } from '@veredicto/contract';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { TextField } from '../../../components/text-field';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { requestPasswordReset } from '../api/password';
import './auth.css';

/** '¿Has olvidado tu contraseña?': the address of the account, to mail it a reset link. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageMeta(pageTexts.forgotPassword());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Introduce el email de tu cuenta.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setNotice(await requestPasswordReset(email.trim()));
    } catch (caught) {
      setError(serverMessage(caught, 'No hemos podido enviar el enlace. Inténtalo de nuevo más tarde.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">¿Has olvidado tu contraseña?</h1>
        {notice ? (
          <p className="form-success" role="status">
            {notice}
          </p>
        ) : (
          <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
            <p className="muted">Escribe el email de tu cuenta y te enviaremos un enlace para elegir otra.</p>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onValueChange={setEmail}
            />
            {error ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={busy}>
              Enviar el enlace
            </button>
          </form>
        )}
        <p className="auth-card__alt">
          <Link to={routes.login()}>Volver a iniciar sesión</Link>
        </p>
      </div>
    </div>
  );
}
