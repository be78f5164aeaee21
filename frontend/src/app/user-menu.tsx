import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { routes } from '../lib/paths';
import { loginStateFrom, useSession } from '../features/auth';
import { UserIcon } from './icons';

/** The user icon's disclosure menu: log in / register, or the account links and logout. */
export function UserMenu() {
  const { user, logout } = useSession();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label="Menú de la cuenta"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        {user ? (
          <>
            <p className="user-menu__greeting">Hola, {user.username}</p>
            <ul>
              <li>
                <Link to={routes.profile()} onClick={close}>
                  Mi cuenta
                </Link>
              </li>
              <li>
                <Link to={routes.myReviews()} onClick={close}>
                  Mis críticas
                </Link>
              </li>
              <li>
                <Link to={routes.myLists()} onClick={close}>
                  Mis listas
                </Link>
              </li>
              <li>
                <Link to={routes.myGames()} onClick={close}>
                  Mis juegos
                </Link>
              </li>
              <li>
                <Link to={routes.activity()} onClick={close}>
                  Actividad
                </Link>
              </li>
              <li>
                <Link to={routes.alertSettings()} onClick={close}>
                  Ajustes de avisos
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className="user-menu__logout"
                  onClick={() => {
                    close();
                    logout();
                    navigate(routes.home());
                  }}
                >
                  Cerrar sesión
                </button>
              </li>
            </ul>
          </>
        ) : (
          <ul>
            <li>
              <Link to={routes.login()} state={loginStateFrom(location)} onClick={close}>
                Iniciar sesión
              </Link>
            </li>
            <li>
              <Link to={routes.register()} onClick={close}>
                Registrar
              </Link>
            </li>
          </ul>
        )}
      </div>
    </div>
  );
}
