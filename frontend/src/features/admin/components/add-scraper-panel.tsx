import { useCallback, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { TextField } from '../../../components/text-field';
import type { EnqueuedJob } from '../../../lib/types';
import { addGameScraper } from '../api/add-game-scraper';
import { asEnqueuedJob } from '../enqueued-job';
import { useRequestStatus } from '../use-request-status';
import { JobProgress } from './job-progress';
import { RequestStatusText } from './request-status-text';
import { UrlField } from './url-field';

export const isGamesKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/games/');

export function AddScraperPanel() {
  const [url, setUrl] = useState('');
  const [igdbId, setIgdbId] = useState('');
  const [job, setJob] = useState<EnqueuedJob | null>(null);
  const { status, run } = useRequestStatus();
  const { mutate } = useSWRConfig();

  const refreshGames = useCallback(() => void mutate(isGamesKey), [mutate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setJob(null);
    const answer = await run(
      'Enviando datos...',
      () => addGameScraper({ url: url.trim(), igdbId: igdbId.trim() }),
      'Scraper agregado con éxito',
    );
    if (answer === null) return;
    setUrl('');
    setIgdbId('');
    setJob(asEnqueuedJob(answer));
  };

  return (
    <form className="form admin-form" onSubmit={onSubmit}>
      <UrlField value={url} onValueChange={setUrl} />
      <TextField label="IDGame" inputMode="numeric" required value={igdbId} onValueChange={setIgdbId} />
      <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
        Añadir scraper
      </button>
      <RequestStatusText status={status} />
      <JobProgress job={job} onCompleted={refreshGames} />
    </form>
  );
}
