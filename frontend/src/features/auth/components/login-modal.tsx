import { Link } from '../../../components/link';
import { Modal } from '../../../components/modal';
import { routes } from '../../../lib/paths';
import { LoginForm } from './login-form';

/**
 * Asked for by actions that need an account. After logging in the page stays as it is (the user's own data
 * is fetched again on the change of token) and `onLoggedIn` carries on with the action that was started.
 */
export function LoginModal({ onClose, onLoggedIn }: { onClose: () => void; onLoggedIn: () => void }) {
  return (
    <Modal title="Inicia sesión para continuar" onClose={onClose} className="modal--small">
      <p className="muted">
        Necesitas una cuenta para puntuar, escribir críticas y guardar juegos en tus listas.
      </p>
      <LoginForm onLoggedIn={onLoggedIn} onLeave={onClose} />
      <p>
        ¿No tienes cuenta? <Link to={routes.register()}>Hazte crítico</Link>
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cerrar
        </button>
      </div>
    </Modal>
  );
}
