import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { Modal } from '../../../components/modal';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { checkPassword } from '../api/check-password';
import { setAdminToken } from '../api/admin-token';

/** 'Ingresa tu contraseña', asked again until the server accepts the password. */
export function PasswordDialog() {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    try {
      setAdminToken(await checkPassword(password));
    } catch (caught) {
      setPassword('');
      setBusy(false);
      notify(
        isApiError(caught, 401) || isApiError(caught, 403)
          ? 'Contraseña incorrecta'
          : serverMessage(caught, 'Contraseña incorrecta'),
      );
    }
  };

  return (
    <Modal
      title="Ingresa tu contraseña"
      onClose={() => undefined}
      closeOnBackdrop={false}
      className="modal--small"
    >
      <form className="form" onSubmit={onSubmit}>
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          data-autofocus
        />
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Entrar
          </button>
        </div>
      </form>
    </Modal>
  );
}
