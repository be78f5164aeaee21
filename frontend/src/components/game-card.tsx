import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../lib/format';
import { routes } from '../lib/paths';
import type { GameSummary } from '../lib/types';
import { CoverImage } from './cover-image';
import { PlatformLogos } from './platform-logos';
import { ScoreBadge } from './score-badge';

type CardGame = Pick<
  GameSummary,
  'igdbID' | 'slug' | 'title' | 'imageCover' | 'platform' | 'releaseDate' | 'avRatings' | 'avUserRatings'
>;

/**
 * Cover, title, critic and player scores, platform logos and release date; the whole card links to the game.
 * Memoised: a carousel moving its active slide every few seconds does not re-render every card.
 */
export const GameCard = memo(function GameCard({
  game,
  eagerImage = false,
}: {
  game: CardGame;
  eagerImage?: boolean;
}) {
  return (
    <article className="game-card">
      <CoverImage
        className="game-card__cover"
        src={game.imageCover}
        alt=""
        width={264}
        height={352}
        loading={eagerImage ? 'eager' : 'lazy'}
      />
      <div className="game-card__body">
        <h3 className="game-card__title">
          <Link className="stretched-link" to={routes.game(game)}>
            {game.title}
          </Link>
        </h3>
        <dl className="game-card__scores">
          <div>
            <dt>Crítica</dt>
            <dd>
              <ScoreBadge score={game.avRatings} />
            </dd>
          </div>
          <div>
            <dt>Usuarios</dt>
            <dd>
              <ScoreBadge score={game.avUserRatings} />
            </dd>
          </div>
        </dl>
        <div className="game-card__meta">
          <PlatformLogos platforms={game.platform} />
          {game.releaseDate ? (
            <time className="game-card__date" dateTime={game.releaseDate}>
              {formatDate(game.releaseDate)}
            </time>
          ) : null}
        </div>
      </div>
    </article>
  );
});
