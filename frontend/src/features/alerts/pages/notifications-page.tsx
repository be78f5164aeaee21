import { pageTexts } from '@veredicto/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../../components/link';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { RequireAuth } from '../../auth';
import { useMarkRead, useNotifications } from '../api/use-notifications';
import '../components/alerts.css';

function Notifications() {
  const [page, setPage] = useState(0);
  const { data, error, mutate } = useNotifications(page);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const items = data?.content ?? [];

  return (
    <section className="page notifications-page">
      <div className="page-actions">
        <h1>Avisos</h1>
        <Link to={routes.alertSettings()}>Ajustes de avisos</Link>
      </div>
      {error ? <LoadError message="No se han podido cargar los avisos." onRetry={() => mutate()} /> : null}
      {data && data.unread > 0 ? (
        <button type="button" className="button" onClick={() => void markRead({ all: true })}>
          Marcar todo como leído
        </button>
      ) : null}
      {data && items.length === 0 ? (
        <p className="muted">
          Aún no tienes avisos. Añade juegos a «Deseados» o márcalos como «Quiero jugarlo» y te avisaremos de
          su fecha, de nuevas plataformas, de su nota y de si llegan en castellano.
        </p>
      ) : null}
      <ul className="notification-list">
        {items.map((item) => {
          const to = routes.game({ slug: item.slug, title: item.title, igdbID: item.igdbID });
          return (
            <li key={item.id} className={item.readAt ? undefined : 'is-unread'} data-testid="notification">
              <a
                href={to}
                onClick={(event) => {
                  event.preventDefault();
                  if (!item.readAt) void markRead({ ids: [item.id] });
                  void navigate(to);
                }}
              >
                <span>{item.title}</span>
                <span className="notification-list__text">{item.text}</span>
                <span className="muted">{formatDate(item.createdAt)}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <div className="page-actions">
        {page > 0 ? (
          <button type="button" className="button" onClick={() => setPage(page - 1)}>
            Más recientes
          </button>
        ) : (
          <span />
        )}
        {items.length === 20 ? (
          <button type="button" className="button" onClick={() => setPage(page + 1)}>
            Anteriores
          </button>
        ) : null}
      </div>
    </section>
  );
}

export function NotificationsPage() {
  usePageMeta(pageTexts.notifications());
  return (
    <RequireAuth>
      <Notifications />
    </RequireAuth>
  );
}
