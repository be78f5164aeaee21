import { useCallback, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob } from '../../../lib/types';
import { importNews } from '../api/import-news';
import { asEnqueuedJob } from '../enqueued-job';
import { useRequestStatus } from '../use-request-status';
import { JobProgress } from './job-progress';
import { RequestStatusText } from './request-status-text';
import { UrlField } from './url-field';

export function AddNewsPanel() {
  const [url, setUrl] = useState('');
  const [job, setJob] = useState<EnqueuedJob | null>(null);
  const { status, run } = useRequestStatus();
  const { mutate } = useSWRConfig();

  const refreshNews = useCallback(() => void mutate(apiPaths.news.all()), [mutate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setJob(null);
    const answer = await run('Enviando...', () => importNews(url.trim()), 'Noticia agregada con éxito');
    if (answer === null) return;
    setUrl('');
    setJob(asEnqueuedJob(answer));
    refreshNews();
  };

  return (
    <form className="form admin-form" onSubmit={onSubmit}>
      <UrlField value={url} onValueChange={setUrl} />
      <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
        Añadir noticia
      </button>
      <RequestStatusText status={status} />
      <JobProgress job={job} onCompleted={refreshNews} />
    </form>
  );
}
