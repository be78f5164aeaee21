import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { apiPaths } from '../../../lib/paths';
import { setFeaturedGame } from '../api/set-featured-game';
import { useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

export function FeaturedGamePanel() {
  const [igdbId, setIgdbId] = useState('');
  const [imageArt, setImageArt] = useState('');
  const { status, run } = useRequestStatus();
  const { mutate } = useSWRConfig();
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await run(
      'Enviando...',
      () => setFeaturedGame(igdbId.trim(), imageArt.trim()),
      'Juego marcado como el mejor con éxito',
    );
    if (answer === null) return;
    setIgdbId('');
    setImageArt('');
    void mutate(apiPaths.games.featured());
  };

  return (
    <form className="form admin-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-game`}>ID del Juego</label>
        <input
          id={`${id}-game`}
          inputMode="numeric"
          required
          value={igdbId}
          onChange={(event) => setIgdbId(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-image`}>URL de la imagen (opcional)</label>
        <input
          id={`${id}-image`}
          type="url"
          placeholder="https://..."
          value={imageArt}
          onChange={(event) => setImageArt(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
        Añadir juego destacado
      </button>
      <RequestStatusText status={status} />
    </form>
  );
}
