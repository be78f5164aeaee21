import { useState } from 'react';
import useSWR from 'swr';
import { PRICE_RUN_SOURCE_NAMES, type EnqueuedJob, type PriceRunStatusBody } from '@veredicto/contract';
import { formatDate } from '../../../lib/format';
import { apiPaths } from '../../../lib/paths';
import { adminFetch } from '../api/admin-token';

/**
 * The price poll (docs/CONTRACT.md §20): the last run per store and subscription service, and a button that
 * runs it now.
 */
export function PricesPanel() {
  const { data, error, mutate } = useSWR<PriceRunStatusBody[]>(
    apiPaths.admin.pricesStatus(),
    (path: string) => adminFetch<PriceRunStatusBody[]>(path),
  );
  const [message, setMessage] = useState('');
  const refresh = async () => {
    try {
      const { jobId } = await adminFetch<Pick<EnqueuedJob, 'jobId'>>(apiPaths.admin.pricesRefresh(), {
        method: 'POST',
      });
      setMessage(`Consulta de precios en cola (trabajo ${jobId}).`);
      void mutate();
    } catch (failure) {
      setMessage(failure instanceof Error ? failure.message : 'No se pudo lanzar la consulta.');
    }
  };
  return (
    <div>
      <button type="button" onClick={() => void refresh()}>
        Consultar precios ahora
      </button>
      {message ? <p role="status">{message}</p> : null}
      {error ? <p className="muted">No se pudo leer el estado de los precios.</p> : null}
      {data && data.length === 0 ? <p className="muted">Aún no se ha consultado ninguna tienda.</p> : null}
      {data && data.length > 0 ? (
        <ul className="feed-list" aria-label="Última consulta por tienda">
          {data.map((run) => (
            <li key={run.store}>
              {PRICE_RUN_SOURCE_NAMES[run.store]}: {formatDate(run.startedAt)}
              {run.finishedAt ? '' : ' (en curso)'} · {run.games} juegos · {run.changed} cambios ·{' '}
              {run.failed} fallos
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
