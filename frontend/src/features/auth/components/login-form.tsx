import { useState, type FormEvent } from 'react';
import { Link } from '../../../components/link';
import { TextField } from '../../../components/text-field';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { login, requestLoginLink, resendConfirmation } from '../api/login';
import { useSession } from '../use-session';

export const INVALID_CREDENTIALS = 'Credenciales inválidas';

function loginErrorMessage(error: unknown): string {
  // 403 (account not confirmed yet), 409 (already confirmed), 429 (too many attempts) and 503 (mail
  // not sent) carry a message worth showing.
  if ([403, 409, 429, 503].some((status) => isApiError(error, status))) {
    return serverMessage(error, INVALID_CREDENTIALS);
  }
  return INVALID_CREDENTIALS;
}

/** Username and password; stores the token on success. */
export function LoginForm({ onLoggedIn, onLeave }: { onLoggedIn: () => void; onLeave?: () => void }) {
  const session = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The account exists but is not confirmed: offer a new link (the credentials prove it is theirs).
  const [unconfirmed, setUnconfirmed] = useState(false);
  // Held back by failed attempts (429): offer a way in by e-mail that strangers' failures cannot block.
  const [heldBack, setHeldBack] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Introduce tu usuario y tu contraseña.');
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const token = await login({ username: username.trim(), password });
      session.login(token);
      onLoggedIn();
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setUnconfirmed(isApiError(caught, 403));
      setHeldBack(isApiError(caught, 429));
      setBusy(false);
    }
  };

  const onLoginLink = async () => {
    if (!username.trim()) {
      setError('Escribe tu usuario para recibir el enlace.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setNotice(await requestLoginLink(username.trim()));
      setHeldBack(false);
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido enviar el enlace. Inténtalo de nuevo en un minuto.'));
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    setBusy(true);
    setError(null);
    try {
      setNotice(await resendConfirmation({ username: username.trim(), password }));
      setUnconfirmed(false);
    } catch (caught) {
      setError(loginErrorMessage(caught));
      if (!isApiError(caught, 429) && !isApiError(caught, 503)) setUnconfirmed(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <TextField
        label="Usuario"
        name="username"
        autoComplete="username"
        required
        value={username}
        onValueChange={setUsername}
        data-autofocus
      />
      <TextField
        label="Contraseña"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        Iniciar sesión
      </button>
      <Link to={routes.forgotPassword()} className="form__aside-link" onClick={onLeave}>
        ¿Has olvidado tu contraseña?
      </Link>
      {heldBack ? (
        <button type="button" className="button button--link" disabled={busy} onClick={onLoginLink}>
          Enviarme un enlace de acceso por correo
        </button>
      ) : null}
      {unconfirmed ? (
        <button type="button" className="button button--link" disabled={busy} onClick={onResend}>
          Reenviar el enlace de confirmación
        </button>
      ) : null}
    </form>
  );
}
