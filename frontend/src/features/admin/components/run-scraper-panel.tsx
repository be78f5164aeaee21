import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { serverMessage } from '../../../lib/api-client';
import type { EnqueuedJob, JobStatus } from '../../../lib/types';
import { runCatalogueScraper } from '../api/run-catalogue-scraper';
import { asEnqueuedJob } from '../enqueued-job';
import type { RequestStatus } from '../use-request-status';
import { isGamesKey } from './add-scraper-panel';
import { JobProgress } from './job-progress';
import { RequestStatusText } from './request-status-text';

export function RunScraperPanel() {
  const [status, setStatus] = useState<RequestStatus>({ kind: 'idle' });
  const [job, setJob] = useState<EnqueuedJob | null>(null);
  const { mutate } = useSWRConfig();
  // 'Scraper ejecutado correctamente' only once the job has run; until then the job's own progress shows.
  const onCompleted = useCallback(() => {
    setStatus({ kind: 'success', message: 'Scraper ejecutado correctamente' });
    void mutate(isGamesKey);
  }, [mutate]);
  const onFailed = useCallback((failed: JobStatus) => {
    setStatus({ kind: 'error', message: `Error: ${failed.failedReason || 'el scraper ha fallado'}` });
  }, []);

  const onRun = async () => {
    setJob(null);
    setStatus({ kind: 'sending', message: 'Lanzando scraper...' });
    try {
      const answer = await runCatalogueScraper();
      setStatus({ kind: 'sending', message: 'Scraper en marcha...' });
      setJob(asEnqueuedJob(answer));
    } catch (error) {
      setStatus({ kind: 'error', message: `Error: ${serverMessage(error, 'Error en la petición')}` });
    }
  };

  return (
    <div className="admin-form">
      <p className="muted">
        Actualiza las críticas de todas las fuentes e importa juegos de IGDB si está configurado.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={onRun}
        disabled={status.kind === 'sending'}
      >
        Ejecutar Scraper
      </button>
      <RequestStatusText status={status} />
      <JobProgress job={job} onCompleted={onCompleted} onFailed={onFailed} />
    </div>
  );
}
