import { Link } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { routes } from '../../../lib/paths';
import { LoginForm } from './login-form';

/** Asked for by actions that need an account; the page reloads after logging in. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Inicia sesión para continuar" onClose={onClose} className="modal--small">
      <p className="muted">
        Necesitas una cuenta para puntuar, escribir críticas y guardar juegos en tus listas.
      </p>
      <LoginForm onLoggedIn={() => window.location.reload()} onLeave={onClose} />
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
