import { useId, useState } from 'react';
import { Link } from '../../../components/link';
import { useSWRConfig } from 'swr';
import { useStatusToast } from '../../../components/status-toast';
import { serverMessage } from '../../../lib/api-client';
import { normalizePlatforms } from '../../../lib/format';
import { apiPaths, routes } from '../../../lib/paths';
import { useSession } from '../../auth';
import { removeGameStatus } from '../api/remove-game-status';
import { setGameStatus } from '../api/set-game-status';
import { useCircle } from '../api/use-circle';
import { useGameStatus } from '../api/use-game-status';
import { PLAY_STATUSES, PLAY_STATUS_LABELS } from '@veredicto/contract';
import { formatHours } from '../format-hours';
import type { PlayStatus } from '../../../lib/types';
import { SessionForm } from './session-form';
import './diary.css';

interface GameStatusBarProps {
  game: { igdbID: number; title: string; platform?: readonly string[] | string | null };
}

/**
 * The diary on a game's page: one control sets the status, one button logs a session. On a phone it is a
 * bar fixed to the bottom of the screen, within reach of the thumb.
 */
export function GameStatusBar({ game }: GameStatusBarProps) {
  const firstPlatform = normalizePlatforms(game.platform)[0];
  const { token } = useSession();
  const id = useId();
  const { mutate } = useSWRConfig();
  const { data: current, mutate: refresh } = useGameStatus(game.igdbID);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [logging, setLogging] = useState(false);
  const { show: confirm, toast } = useStatusToast();

  if (!token) {
    return (
      <div className="diary-bar" data-testid="diary-bar">
        <Link className="button" to={routes.login()}>
          Inicia sesión para llevar tu diario
        </Link>
      </div>
    );
  }

  const choose = async (value: PlayStatus | '') => {
    setBusy(true);
    setError(null);
    try {
      if (value === '') {
        await removeGameStatus(game.igdbID);
        await refresh(null, { revalidate: false });
        confirm(`${game.title} ya no tiene estado en tu diario.`);
      } else {
        const saved = await setGameStatus(game.igdbID, {
          status: value,
          platform: current?.platform ?? firstPlatform,
          startedAt: current?.startedAt ?? undefined,
          finishedAt: current?.finishedAt ?? undefined,
        });
        await refresh(saved, { revalidate: false });
        confirm(`Guardado: ${game.title}, «${PLAY_STATUS_LABELS[value]}».`);
      }
      void mutate((key) => typeof key === 'string' && key.startsWith('/api/user/games'));
    } catch (caught) {
      setError(serverMessage(caught, 'No se ha podido guardar el estado'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="diary-bar" data-testid="diary-bar">
      <label className="visually-hidden" htmlFor={`${id}-status`}>
        Estado
      </label>
      <select
        id={`${id}-status`}
        className="diary-bar__status"
        value={current?.status ?? ''}
        disabled={busy || current === undefined}
        onChange={(event) => void choose(event.target.value as PlayStatus | '')}
      >
        <option value="">Sin estado</option>
        {PLAY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PLAY_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <button type="button" className="button" onClick={() => setLogging(true)}>
        Registrar sesión
      </button>
      {current ? (
        <span className="diary-bar__hours" data-testid="diary-hours">
          {formatHours(current.hours)}
        </span>
      ) : null}
      <CircleFigure igdbID={game.igdbID} />
      {toast}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {logging ? (
        <SessionForm
          game={game}
          platform={current?.platform ?? firstPlatform ?? null}
          onClose={() => setLogging(false)}
          onLogged={() => {
            confirm('Sesión registrada.');
            void refresh();
            void mutate(apiPaths.user.gameSessions(game.igdbID));
          }}
        />
      ) : null}
    </div>
  );
}

/** 'Tu círculo': the average of the people the user follows, when three or more rated the game. */
function CircleFigure({ igdbID }: { igdbID: number }) {
  const { data } = useCircle(igdbID);
  if (!data || data.average === null) return null;
  return (
    <span className="diary-bar__circle" data-testid="circle">
      Tu círculo: <strong>{data.average}</strong> ({data.count})
    </span>
  );
}
