import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/format';
import { addFeed } from '../api/add-feed';
import { deleteFeed } from '../api/delete-feed';
import { useFeeds } from '../api/use-feeds';
import { requestErrorMessage, useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';
import { UrlField } from './url-field';

/** The RSS / Atom feeds read on a schedule to import news. */
export function FeedsPanel() {
  const { data: feeds, error, isLoading, mutate } = useFeeds();
  const [url, setUrl] = useState('');
  const { status, setStatus, run } = useRequestStatus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await run('Enviando...', () => addFeed(url.trim()), 'Fuente añadida con éxito');
    if (answer === null) return;
    setUrl('');
    void mutate();
  };

  const onRemove = async (feedId: number) => {
    try {
      await deleteFeed(feedId);
      setStatus({ kind: 'success', message: 'Fuente eliminada' });
      void mutate();
    } catch (caught) {
      setStatus({ kind: 'error', message: requestErrorMessage(caught) });
    }
  };

  return (
    <div className="admin-form">
      {isLoading ? <p role="status">Cargando fuentes...</p> : null}
      {error ? (
        <p className="form-error">Error al obtener las fuentes: {requestErrorMessage(error)}</p>
      ) : null}
      {feeds && feeds.length === 0 ? <p className="muted">No hay fuentes RSS configuradas.</p> : null}
      {feeds && feeds.length > 0 ? (
        <ul className="feed-list">
          {feeds.map((feed) => (
            <li key={feed.id} className="feed">
              <div className="feed__info">
                <span className="feed__title">{feed.title || feed.url}</span>
                {feed.title ? <span className="feed__url">{feed.url}</span> : null}
                <span className="feed__meta">
                  {feed.lastFetchedAt
                    ? `Última lectura: ${formatDate(feed.lastFetchedAt)}`
                    : 'Sin leer todavía'}
                  {typeof feed.lastImportedCount === 'number'
                    ? ` · importadas: ${feed.lastImportedCount}`
                    : ''}
                  {feed.lastError ? ` · error: ${feed.lastError}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Quitar la fuente ${feed.title || feed.url}`}
                onClick={() => onRemove(feed.id)}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="form" onSubmit={onSubmit}>
        <UrlField label="URL del feed" placeholder="https://.../feed" value={url} onValueChange={setUrl} />
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          Añadir fuente
        </button>
      </form>
      <RequestStatusText status={status} />
    </div>
  );
}
