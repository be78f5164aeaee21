import { bestGamesTitle, pageFeeds, pageTexts } from '@veredicto/contract';
import { getSiteConfig } from '../../../lib/site-config';
import { usePageMeta } from '../../../lib/use-page-meta';
import { HomeNews } from '../../news';
import { useBestGames } from '../api/use-best-games';
import { useFeaturedGame } from '../api/use-featured-game';
import { useLatestGames } from '../api/use-latest-games';
import { FeaturedGame } from '../components/featured-game';
import { GameCarouselSection } from '../components/game-carousel-section';
import { UpcomingGames } from '../components/upcoming-games';
import './games.css';

// Each section subscribes to its own data, so one answer arriving re-renders only its section.
function BestGames() {
  const { data, isLoading } = useBestGames();
  // Last year's games while there are enough of them (docs/CONTRACT.md §16); older ones otherwise.
  const title = bestGamesTitle(data ?? [], new Date().toISOString().slice(0, 10));
  return <GameCarouselSection id="best-games" title={title} games={data} isLoading={isLoading} />;
}

function LatestGames() {
  const { data, isLoading } = useLatestGames();
  return (
    <GameCarouselSection id="latest-games" title="ÚLTIMOS LANZAMIENTOS" games={data} isLoading={isLoading} />
  );
}

export function HomePage() {
  usePageMeta({ ...pageTexts.home(), canonicalPath: '/', feeds: [pageFeeds.news()] });
  // The featured game opens the page and its height depends on its reviews: the sections below wait for
  // it (its request starts with the HTML) instead of being pushed down when it arrives.
  const { isLoading: featuredLoading } = useFeaturedGame();
  return (
    <div className="page home">
      <h1 className="visually-hidden">{getSiteConfig().siteName}: críticas y noticias de videojuegos</h1>
      {featuredLoading ? (
        <div className="home__pending" aria-busy="true" />
      ) : (
        <>
          <FeaturedGame />
          <BestGames />
          <LatestGames />
          <div className="home__columns">
            <UpcomingGames />
            <HomeNews />
          </div>
        </>
      )}
    </div>
  );
}
