import { Link } from '../../../components/link';
import { routes } from '../../../lib/paths';
import { useSession } from '../../auth';
import { useNotifications } from '../api/use-notifications';
import './alerts.css';

/** The header's bell: the unread count of the caller's alerts, a link to them. Hidden when logged out. */
export function NotificationBell() {
  const { user } = useSession();
  const { data } = useNotifications();
  if (!user) return null;
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? 'Avisos' : `Avisos: ${unread} sin leer`;
  return (
    <Link
      to={routes.notifications()}
      className="icon-button notification-bell"
      aria-label={label}
      title={label}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 ? (
        <span className="notification-bell__count" data-testid="bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
