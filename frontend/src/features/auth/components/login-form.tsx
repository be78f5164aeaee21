import { useId, useState, type FormEvent } from 'react';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { login } from '../api/login';
import { useSession } from '../use-session';

export const INVALID_CREDENTIALS = 'Credenciales inválidas';

function loginErrorMessage(error: unknown): string {
  // 403 (account not confirmed yet) and 429 (too many attempts) carry a message worth showing.
  if (isApiError(error, 403) || isApiError(error, 429)) return serverMessage(error, INVALID_CREDENTIALS);
  return INVALID_CREDENTIALS;
}

/** Username and password; stores the token on success. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const session = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Introduce tu usuario y tu contraseña.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const token = await login({ username: username.trim(), password });
      session.login(token);
      onLoggedIn();
    } catch (caught) {
      setError(loginErrorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-username`}>Usuario</label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          data-autofocus
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Contraseña</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        Iniciar sesión
      </button>
    </form>
  );
}
