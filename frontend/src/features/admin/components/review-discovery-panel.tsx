import { useCallback, useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import type { DiscoveryFinding, DiscoveryOrigin, EnqueuedJob, JobStatus } from '../../../lib/types';
import { runReviewDiscovery, useReviewDiscovery } from '../api/use-review-discovery';
import { asEnqueuedJob } from '../enqueued-job';
import { requestErrorMessage, type RequestStatus } from '../use-request-status';
import { JobProgress } from './job-progress';
import { RequestStatusText } from './request-status-text';

const ORIGINS: Record<DiscoveryOrigin, string> = {
  metacritic: 'Metacritic',
  opencritic: 'OpenCritic',
  igdb: 'IGDB',
  outlet: 'Medio del registro',
};

/** One finding as the panel writes it: the game, where the address came from, and what was decided. */
export function findingLine(finding: DiscoveryFinding): string {
  const head = `${finding.title} · ${ORIGINS[finding.origin]} · ${formatDate(finding.checkedAt)}`;
  return finding.reason
    ? `${head}: ${finding.reason}`
    : `${head}: ${finding.reviewCount} ${finding.reviewCount === 1 ? 'crítica' : 'críticas'}`;
}

function Findings({ title, findings }: { title: string; findings: DiscoveryFinding[] }) {
  return (
    <>
      <h4>{title}</h4>
      {findings.length === 0 ? (
        <p className="muted">Ninguna todavía.</p>
      ) : (
        <ul className="feed-list">
          {findings.map((finding) => (
            <li key={`${finding.igdbId}-${finding.url}`}>
              {findingLine(finding)}{' '}
              <a href={finding.url} target="_blank" rel="noopener noreferrer nofollow">
                {finding.url}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The recent-games discovery job: what it added as review sources and what it refused, with the reason. */
export function ReviewDiscoveryPanel() {
  const { data, error, isLoading, mutate } = useReviewDiscovery();
  const [status, setStatus] = useState<RequestStatus>({ kind: 'idle' });
  const [job, setJob] = useState<EnqueuedJob | null>(null);
  const onCompleted = useCallback(() => {
    setStatus({ kind: 'success', message: 'Búsqueda terminada' });
    void mutate();
  }, [mutate]);
  const onFailed = useCallback((failed: JobStatus) => {
    setStatus({ kind: 'error', message: `Error: ${failed.failedReason || 'la búsqueda ha fallado'}` });
  }, []);

  const onRun = async () => {
    setJob(null);
    setStatus({ kind: 'sending', message: 'Buscando páginas de críticas...' });
    try {
      setJob(asEnqueuedJob(await runReviewDiscovery()));
    } catch (failure) {
      setStatus({ kind: 'error', message: `Error: ${serverMessage(failure, 'Error en la petición')}` });
    }
  };

  return (
    <div className="admin-form">
      <p className="muted">
        Busca las páginas de críticas de los juegos recientes, próximos y más seguidos (Metacritic,
        OpenCritic, IGDB y los medios del registro), las añade como fuentes y las vuelve a leer mientras
        lleguen críticas.
      </p>
      {data && !data.enabled ? (
        <p className="muted">Desactivado: se activa con REVIEW_DISCOVERY=on en los workers y la API.</p>
      ) : null}
      <button
        type="button"
        className="button button--primary"
        onClick={onRun}
        disabled={status.kind === 'sending' || (data !== undefined && !data.enabled)}
      >
        Buscar ahora
      </button>
      <RequestStatusText status={status} />
      <JobProgress job={job} onCompleted={onCompleted} onFailed={onFailed} />
      {isLoading ? <p role="status">Cargando...</p> : null}
      {error ? (
        <p className="form-error">Error al obtener los hallazgos: {requestErrorMessage(error)}</p>
      ) : null}
      {data ? (
        <>
          <Findings title="Añadidas como fuentes" findings={data.found} />
          <Findings title="Rechazadas" findings={data.refused} />
        </>
      ) : null}
    </div>
  );
}
