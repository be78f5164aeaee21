import { Carousel } from '../../../components/carousel';
import { GameCard } from '../../../components/game-card';
import { Spinner } from '../../../components/spinner';
import type { GameSummary } from '../../../lib/types';

interface GameCarouselSectionProps {
  id: string;
  title: string;
  games: GameSummary[] | undefined;
  isLoading: boolean;
}

export function GameCarouselSection({ id, title, games, isLoading }: GameCarouselSectionProps) {
  if (!isLoading && (!games || games.length === 0)) return null;
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {isLoading || !games ? (
        // Holds the carousel's height while the games load, so the sections below do not jump.
        <div className="carousel-placeholder">
          <Spinner />
        </div>
      ) : (
        <Carousel
          label={title}
          items={games}
          getKey={(game) => game.igdbID}
          renderItem={(game) => <GameCard game={game} />}
        />
      )}
    </section>
  );
}
