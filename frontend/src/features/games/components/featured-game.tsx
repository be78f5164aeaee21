import { Link } from '../../../components/link';
import { ScoreBar } from '../../../components/score-bar';
import { routes } from '../../../lib/paths';
import type { MediaReview } from '../../../lib/types';
import { useFeaturedGame } from '../api/use-featured-game';

/** The spec's rating bars use the featured game's reviews at positions 0 and 2 to 6. */
export function featuredRatingReviews(reviews: readonly MediaReview[] | null | undefined): MediaReview[] {
  if (!reviews) return [];
  return [reviews[0], ...reviews.slice(2, 7)].filter((review): review is MediaReview => Boolean(review));
}

export function FeaturedGame() {
  const { data: game } = useFeaturedGame();
  if (!game) return null;
  const art = game.imageArt ?? game.imageCover;
  const bars = featuredRatingReviews(game.reviews);
  return (
    <section className="featured-game" aria-labelledby="featured-game-title">
      {art ? (
        <img
          className="featured-game__art"
          src={art}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      <div className="featured-game__content">
        <p className="featured-game__kicker">JUEGO DESTACADO</p>
        <h2 id="featured-game-title" className="featured-game__title">
          {game.title}
        </h2>
        <div className="featured-game__scores">
          <ScoreBar label="Medios" score={game.avRatings} />
          <ScoreBar label="Jugadores" score={game.avUserRatings} />
        </div>
        {bars.length > 0 ? (
          <ul className="featured-game__ratings" aria-label="Puntuaciones de los medios">
            {bars.map((review) => (
              <li key={review.id}>
                <ScoreBar label={review.medium} score={review.rating} />
              </li>
            ))}
          </ul>
        ) : null}
        <Link className="button button--primary" to={routes.game(game)}>
          Ver críticas de {game.title}
        </Link>
      </div>
    </section>
  );
}
