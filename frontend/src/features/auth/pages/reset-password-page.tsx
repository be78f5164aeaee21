import { pageTexts } from '@veredicto/contract';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { resetPassword } from '../api/password';
import { NewPasswordFields, newPasswordProblem, useNewPassword } from '../components/new-password-fields';
import './auth.css';

/** /reset-password?token=...: the link of the e-mail; a new password, then back to the login. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { password, repeated, fields } = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  usePageMeta(pageTexts.resetPassword());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, repeated, 'Las contraseñas no coinciden.');
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token ?? '', password);
      setDone(true);
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido cambiar la contraseña.'));
    } finally {
      setBusy(false);
    }
  };

  let content;
  if (!token) {
    content = (
      <p className="form-error" role="alert">
        El enlace no es válido. <Link to={routes.forgotPassword()}>Pide uno nuevo</Link>.
      </p>
    );
  } else if (done) {
    content = (
      <>
        <p className="form-success" role="status">
          Tu contraseña ha cambiado. Ya puedes iniciar sesión con la nueva.
        </p>
        <Link to={routes.login()} className="button button--primary">
          Iniciar sesión
        </Link>
      </>
    );
  } else {
    content = (
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <NewPasswordFields {...fields} repeatLabel="Repite la contraseña" names={['password', 'repeated']} />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          Guardar la contraseña
        </button>
      </form>
    );
  }

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Elige una contraseña nueva</h1>
        {content}
      </div>
    </div>
  );
}
