import { memo } from 'react';
import { Link } from './link';
import { formatReleaseDate, normalizePlatforms, releaseYear } from '../lib/format';
import { routes } from '../lib/paths';
import type { GameSummary } from '../lib/types';
import { CoverImage } from './cover-image';
import { PlatformLogos } from './platform-logos';
import { ScoreBadge } from './score-badge';

type CardGame = Pick<
  GameSummary,
  | 'igdbID'
  | 'slug'
  | 'title'
  | 'imageCover'
  | 'platform'
  | 'releaseDate'
  | 'releaseDatePrecision'
  | 'avRatings'
  | 'avUserRatings'
  | 'spanish'
>;

const SHORT_PLATFORM_NAMES: Record<string, string> = {
  'PlayStation 5': 'PS5',
  'PlayStation 4': 'PS4',
  'PlayStation 3': 'PS3',
  'PlayStation 2': 'PS2',
  'Xbox Series X|S': 'Xbox Series',
  'Nintendo Switch 2': 'Switch 2',
  'Nintendo Switch': 'Switch',
};

/**
 * 'PS4 · Xbox One · 2014': what tells apart games of the same name (three 'Grand Theft Auto V'), whose
 * platform logos alone look alike.
 */
export function cardSubtitle(game: Pick<CardGame, 'platform' | 'releaseDate'>): string {
  const platforms = normalizePlatforms(game.platform).map((name) => SHORT_PLATFORM_NAMES[name] ?? name);
  const year = releaseYear(game.releaseDate);
  return [...platforms, ...(year ? [year] : [])].join(' · ');
}

/** The card's badge of docs/CONTRACT.md §13: voices win over texts; nothing when neither is a yes. */
export function spanishBadge(spanish: CardGame['spanish']): string | null {
  if (spanish?.audio === 'yes') return 'Voces en castellano';
  if (spanish?.text === 'yes') return 'Textos en castellano';
  return null;
}

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
        <p className="game-card__subtitle">{cardSubtitle(game)}</p>
        {spanishBadge(game.spanish) ? (
          <p className="game-card__spanish" data-testid="spanish-badge">
            {spanishBadge(game.spanish)}
          </p>
        ) : null}
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
              {formatReleaseDate(game.releaseDate, game.releaseDatePrecision)}
            </time>
          ) : null}
        </div>
      </div>
    </article>
  );
});
