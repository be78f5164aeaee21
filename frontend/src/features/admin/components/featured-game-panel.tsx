import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { TextField } from '../../../components/text-field';
import { apiPaths } from '../../../lib/paths';
import { setFeaturedGame } from '../api/set-featured-game';
import { useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

export function FeaturedGamePanel() {
  const [igdbId, setIgdbId] = useState('');
  const [imageArt, setImageArt] = useState('');
  const { status, run } = useRequestStatus();
  const { mutate } = useSWRConfig();

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
      <TextField label="ID del Juego" inputMode="numeric" required value={igdbId} onValueChange={setIgdbId} />
      <TextField
        label="URL de la imagen (opcional)"
        type="url"
        placeholder="https://..."
        value={imageArt}
        onValueChange={setImageArt}
      />
      <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
        Añadir juego destacado
      </button>
      <RequestStatusText status={status} />
    </form>
  );
}
