import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { apiPaths } from '../../../lib/paths';
import { useSession } from '../../auth';
import { deletePlaySession } from '../api/delete-play-session';
import { usePlaySessions } from '../api/use-play-sessions';
import { formatHours } from '../format-hours';
import './diary.css';

/** 'Tus sesiones' on a game's page: the user's sittings with the game, the latest first, each deletable. */
export function PlaySessionList({ game }: { game: { igdbID: number; title: string } }) {
  const { token } = useSession();
  const { data: sessions, mutate: refresh } = usePlaySessions(game.igdbID);
  const { mutate } = useSWRConfig();
  const [error, setError] = useState<string | null>(null);
  if (!token || !sessions || sessions.length === 0) return null;

  const remove = async (sessionId: number) => {
    setError(null);
    try {
      await deletePlaySession(game.igdbID, sessionId);
      await refresh(
        sessions.filter((session) => session.id !== sessionId),
        { revalidate: false },
      );
      void mutate(apiPaths.user.gameStatus(game.igdbID));
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido borrar la sesión'));
    }
  };

  return (
    <section className="play-sessions" aria-labelledby="play-sessions-title">
      <h2 id="play-sessions-title">Tus sesiones</h2>
      <ul className="diary-list" data-testid="play-sessions">
        {sessions.map((session) => (
          <li key={session.id} data-testid="play-session">
            <span>{formatDate(session.date)}</span>
            <strong>{formatHours(session.hours)}</strong>
            {session.platform ? <span className="muted">{session.platform}</span> : null}
            {session.note ? <span>{session.note}</span> : null}
            <button
              type="button"
              className="button button--ghost"
              aria-label={`Borrar la sesión del ${formatDate(session.date)}`}
              onClick={() => void remove(session.id)}
            >
              Borrar
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
