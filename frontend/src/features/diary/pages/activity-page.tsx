import { pageTexts, PLAY_STATUS_LABELS } from '@veredicto/contract';
import { Link } from '../../../components/link';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { RequireAuth } from '../../auth';
import { useFeed } from '../api/use-feed';
import type { FeedItem } from '../../../lib/types';
import '../components/diary.css';

function describe(item: FeedItem): string {
  if (item.kind === 'status' && item.status) return `ha marcado como «${PLAY_STATUS_LABELS[item.status]}»`;
  if (item.kind === 'review')
    return item.score === undefined
      ? 'ha escrito una crítica de'
      : `ha escrito una crítica (${item.score}) de`;
  return `ha puntuado con ${item.score ?? '—'}`;
}

function Activity() {
  const { data, error, size, setSize, isValidating, mutate } = useFeed();
  const items = data?.flatMap((page) => page.content) ?? [];
  const more = data?.[data.length - 1]?.next;

  return (
    <section className="page activity-page">
      <h1>Actividad</h1>
      {error ? <LoadError message="No se ha podido cargar la actividad." onRetry={() => mutate()} /> : null}
      {data && items.length === 0 ? (
        <p className="muted">Aún no hay actividad: sigue a otros jugadores desde su perfil.</p>
      ) : null}
      <ul className="diary-list">
        {items.map((item) => (
          <li key={item.id} data-testid="feed-item">
            <Link to={routes.publicProfile(item.username)}>{item.username}</Link>
            <span>{describe(item)}</span>
            <Link to={routes.game({ title: item.title, igdbID: item.igdbID })}>{item.title}</Link>
            <span className="muted">{formatDate(item.createdAt)}</span>
          </li>
        ))}
      </ul>
      {more ? (
        <button
          type="button"
          className="button"
          disabled={isValidating}
          onClick={() => void setSize(size + 1)}
        >
          Ver más
        </button>
      ) : null}
    </section>
  );
}

export function ActivityPage() {
  usePageMeta(pageTexts.activity());
  return (
    <RequireAuth>
      <Activity />
    </RequireAuth>
  );
}
