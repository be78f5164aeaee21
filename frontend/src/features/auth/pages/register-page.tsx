import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../../components/link';
import { TextField } from '../../../components/text-field';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { register } from '../api/register';
import { MIN_PASSWORD_LENGTH } from '../components/new-password-fields';
import './auth.css';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(fields: {
  email: string;
  username: string;
  password: string;
}): string | null {
  if (!fields.email.trim() || !fields.username.trim() || !fields.password)
    return 'Todos los campos son obligatorios.';
  if (!EMAIL_PATTERN.test(fields.email.trim())) return 'Debes ingresar un email válido.';
  if (fields.password.length < MIN_PASSWORD_LENGTH) return 'La contraseña debe tener al menos 8 caracteres.';
  return null;
}

export function RegisterPage() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  usePageMeta({ title: 'Registro' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateRegistration({ email, username, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await register({ email: email.trim(), username: username.trim(), password });
      navigate(routes.confirm());
    } catch (caught) {
      setError(serverMessage(caught, 'Error al registrar.'));
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Hazte crítico</h1>
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onValueChange={setEmail}
          />
          <TextField
            label="Usuario"
            name="username"
            autoComplete="username"
            required
            value={username}
            onValueChange={setUsername}
          />
          <TextField
            label="Contraseña"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onValueChange={setPassword}
            hint={`Mínimo ${MIN_PASSWORD_LENGTH} caracteres.`}
          />
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <p className="auth-card__legal muted">
            Al registrarte aceptas que tratemos tus datos como explica la{' '}
            <Link to={routes.privacy()}>Política de privacidad</Link>.
          </p>
          <button type="submit" className="button button--primary" disabled={busy}>
            Registrar
          </button>
        </form>
        <p className="auth-card__alt">
          ¿Ya tienes cuenta? <Link to={routes.login()}>Iniciar sesión</Link>
        </p>
      </div>
    </div>
  );
}
