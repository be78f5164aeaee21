import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/text-field';
import { serverMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/paths';
import {
  changePassword,
  NewPasswordFields,
  newPasswordProblem,
  useNewPassword,
  useSession,
  type LoginState,
} from '../../auth';

/** The password section of the profile: a change ends every session, so the user logs in again. */
export function PasswordForm() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [current, setCurrent] = useState('');
  const { password: next, repeated, fields } = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current) return setError('Escribe tu contraseña actual.');
    const problem = newPasswordProblem(next, repeated, 'Las contraseñas nuevas no coinciden.');
    if (problem) return setError(problem);
    if (next === current) return setError('La contraseña nueva debe ser distinta de la actual.');
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next);
      // To the login first, at once (the router renders navigations without transitions, main.tsx): a
      // profile still on screen when the session ends would send the user home. The login page says what
      // happened.
      navigate(routes.login(), {
        state: { notice: 'Contraseña cambiada. Inicia sesión de nuevo con la nueva.' } satisfies LoginState,
      });
      logout();
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido cambiar la contraseña.'));
      setBusy(false);
    }
  };

  return (
    <section className="profile__password" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contraseña</h2>
      <p className="muted">Al cambiarla se cerrarán todas tus sesiones, también esta.</p>
      <form className="form profile__form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <TextField
          label="Contraseña actual"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onValueChange={setCurrent}
        />
        <NewPasswordFields
          {...fields}
          repeatLabel="Repite la contraseña nueva"
          names={['newPassword', 'repeatedPassword']}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Cambiar la contraseña
          </button>
        </div>
      </form>
    </section>
  );
}
