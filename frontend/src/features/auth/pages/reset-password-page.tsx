import { pageTexts } from '@veredicto/contract';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { TextField } from '../../../components/text-field';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { resetPassword } from '../api/password';
import './auth.css';

const MIN_LENGTH = 8;

/** /reset-password?token=...: the link of the e-mail; a new password, then back to the login. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  usePageMeta(pageTexts.resetPassword());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH) {
      setError(`La contraseña debe tener al menos ${MIN_LENGTH} caracteres.`);
      return;
    }
    if (password !== repeated) {
      setError('Las contraseñas no coinciden.');
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
        <TextField
          label="Contraseña nueva"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_LENGTH}
          value={password}
          onValueChange={setPassword}
          hint={`Al menos ${MIN_LENGTH} caracteres.`}
        />
        <TextField
          label="Repite la contraseña"
          name="repeated"
          type="password"
          autoComplete="new-password"
          required
          value={repeated}
          onValueChange={setRepeated}
        />
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
