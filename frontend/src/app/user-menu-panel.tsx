import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../components/link';
import { routes } from '../lib/paths';
import { loginStateFrom, useSession } from '../features/auth';

/** The user menu's links (user-menu.tsx): log in / register, or the account links and logout. */
export function UserMenuPanel({ close }: { close: () => void }) {
  const { user, status, logout, retry } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const logoutItem = (
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
  );
  return (
    <>
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
              <Link to={routes.publicProfile(user.username)} onClick={close}>
                Mi perfil público
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
            {logoutItem}
          </ul>
        </>
      ) : status === 'unavailable' ? (
        <>
          <p className="user-menu__greeting">No se han podido cargar tus datos.</p>
          <ul>
            <li>
              <button type="button" className="user-menu__logout" onClick={() => void retry()}>
                Reintentar
              </button>
            </li>
            {logoutItem}
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
    </>
  );
}
