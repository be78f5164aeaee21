import { pageTexts, PLAY_STATUSES, PLAY_STATUS_LABELS } from '@veredicto/contract';
import { useId, useState } from 'react';
import { Link } from '../../../components/link';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { RequireAuth, useSession } from '../../auth';
import { useMyGames } from '../api/use-my-games';
import { HoursLeft } from '../components/play-estimate';
import { formatHours } from '../format-hours';
import type { GameStatus } from '../../../lib/types';
import '../components/diary.css';

function MyGames() {
  const id = useId();
  const { user } = useSession();
  const [platform, setPlatform] = useState('');
  const { data: all } = useMyGames();
  const { data: games, error, isLoading, mutate } = useMyGames(platform || undefined);
  const platforms = [
    ...new Set((all ?? []).map((game) => game.platform).filter((name): name is string => !!name)),
  ].sort((a, b) => a.localeCompare(b, 'es'));

  return (
    <section className="page diary-page">
      <h1>Mis juegos</h1>
      {user ? (
        <p>
          <Link to={routes.publicProfile(user.username)}>Ver mi perfil público</Link> ·{' '}
          <Link to={routes.dataPortability()}>Importar o exportar</Link>
        </p>
      ) : null}
      <div className="diary-page__filters">
        <label htmlFor={`${id}-platform`}>Plataforma</label>
        <select id={`${id}-platform`} value={platform} onChange={(event) => setPlatform(event.target.value)}>
          <option value="">Todas</option>
          {platforms.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {error ? <LoadError message="No se han podido cargar tus juegos." onRetry={() => mutate()} /> : null}
      {isLoading ? <p className="muted">Cargando…</p> : null}
      {games && games.length === 0 ? (
        <p className="muted">Aún no tienes juegos en tu diario: elige un estado en la página de un juego.</p>
      ) : null}
      {games
        ? PLAY_STATUSES.map((status) => {
            const inStatus = games.filter((game) => game.status === status);
            if (inStatus.length === 0) return null;
            return (
              <section key={status} aria-labelledby={`${id}-${status}`}>
                <h2 id={`${id}-${status}`}>
                  {PLAY_STATUS_LABELS[status]} ({inStatus.length})
                </h2>
                <ul className="diary-list">
                  {inStatus.map((game) => (
                    <MyGameRow key={game.igdbID} game={game} />
                  ))}
                </ul>
              </section>
            );
          })
        : null}
    </section>
  );
}

function MyGameRow({ game }: { game: GameStatus }) {
  return (
    <li data-testid="my-game">
      <Link to={routes.game({ slug: game.slug, title: game.title, igdbID: game.igdbID })}>{game.title}</Link>
      {game.platform ? <span className="muted">{game.platform}</span> : null}
      <span>{formatHours(game.hours)}</span>
      {game.status === 'playing' ? <HoursLeft igdbID={game.igdbID} /> : null}
      {game.startedAt ? <span className="muted">Desde el {formatDate(game.startedAt)}</span> : null}
      {game.finishedAt ? <span className="muted">Hasta el {formatDate(game.finishedAt)}</span> : null}
    </li>
  );
}

export function MyGamesPage() {
  usePageMeta(pageTexts.myGames());
  return (
    <RequireAuth>
      <MyGames />
    </RequireAuth>
  );
}
