import { getSiteConfig } from '../../../lib/site-config';
import { usePageMeta } from '../../../lib/use-page-meta';
import { HomeNews } from '../../news/components/home-news';
import { useBestGames } from '../api/use-best-games';
import { useLatestGames } from '../api/use-latest-games';
import { FeaturedGame } from '../components/featured-game';
import { GameCarouselSection } from '../components/game-carousel-section';
import { UpcomingGames } from '../components/upcoming-games';
import './games.css';

export function HomePage() {
  usePageMeta({
    title: 'Críticas, puntuaciones y noticias de videojuegos',
    description:
      'La media de la crítica y de los jugadores de cada juego de PlayStation, Xbox, Nintendo Switch y PC, críticas y noticias en español.',
    canonicalPath: '/',
  });
  const best = useBestGames();
  const latest = useLatestGames();
  return (
    <div className="page home">
      <h1 className="visually-hidden">{getSiteConfig().siteName}: críticas y noticias de videojuegos</h1>
      <FeaturedGame />
      <GameCarouselSection
        id="best-games"
        title="MEJORES JUEGOS"
        games={best.data}
        isLoading={best.isLoading}
      />
      <GameCarouselSection
        id="latest-games"
        title="ÚLTIMOS LANZAMIENTOS"
        games={latest.data}
        isLoading={latest.isLoading}
      />
      <div className="home__columns">
        <UpcomingGames />
        <HomeNews />
      </div>
    </div>
  );
}
