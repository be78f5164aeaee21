import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { formatDate } from '../../../lib/format';
import { useSuggestions } from '../../search';
import { addGameAlias, dismissSearchMiss, useSearchMisses } from '../api/search-misses';
import { requestErrorMessage, useRequestStatus } from '../use-request-status';
import { RequestStatusText } from './request-status-text';

/** One zero-result search: the game it meant is looked up by name, and the search becomes its alias. */
function MissRow({
  term,
  count,
  lastSearchedAt,
  onDone,
}: {
  term: string;
  count: number;
  lastSearchedAt: string;
  onDone: () => void;
}) {
  const [gameName, setGameName] = useState('');
  const [igdbID, setIgdbID] = useState('');
  const games = useSuggestions(gameName);
  const { status, setStatus, run } = useRequestStatus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!igdbID) return;
    const added = await run('Enviando...', () => addGameAlias(Number(igdbID), term, term), 'Alias añadido');
    if (added) onDone();
  };

  const onDismiss = async () => {
    try {
      await dismissSearchMiss(term);
      onDone();
    } catch (caught) {
      setStatus({ kind: 'error', message: requestErrorMessage(caught) });
    }
  };

  return (
    <li className="feed">
      <div className="feed__info">
        <span className="feed__title">«{term}»</span>
        <span className="feed__meta">
          {count === 1 ? '1 búsqueda' : `${count} búsquedas`} · última: {formatDate(lastSearchedAt)}
        </span>
        <form className="form" onSubmit={onSubmit} aria-label={`Añadir «${term}» como alias`}>
          <TextField label="Juego al que se refiere" value={gameName} onValueChange={setGameName} />
          <div className="field">
            <label htmlFor={`juego-${term}`}>Elige el juego</label>
            <select id={`juego-${term}`} value={igdbID} onChange={(event) => setIgdbID(event.target.value)}>
              <option value="">—</option>
              {games.map((game) => (
                <option key={game.igdbID} value={game.igdbID}>
                  {game.title} ({game.releaseDate?.slice(0, 4) ?? 'sin fecha'})
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={!igdbID || status.kind === 'sending'}
          >
            Añadir como alias
          </button>
        </form>
        <RequestStatusText status={status} />
      </div>
      <button
        type="button"
        className="button button--ghost"
        aria-label={`Descartar «${term}»`}
        onClick={onDismiss}
      >
        Descartar
      </button>
    </li>
  );
}

/** Searches that found nothing, most repeated first, each with a way to add it as a game's alias. */
export function SearchMissesPanel() {
  const { data: misses, error, isLoading, mutate } = useSearchMisses();
  return (
    <div className="admin-form">
      {isLoading ? <p role="status">Cargando búsquedas...</p> : null}
      {error ? (
        <p className="form-error">Error al obtener las búsquedas: {requestErrorMessage(error)}</p>
      ) : null}
      {misses && misses.length === 0 ? <p className="muted">No hay búsquedas sin resultados.</p> : null}
      {misses && misses.length > 0 ? (
        <ul className="feed-list">
          {misses.map((miss) => (
            <MissRow key={miss.term} {...miss} onDone={() => void mutate()} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
