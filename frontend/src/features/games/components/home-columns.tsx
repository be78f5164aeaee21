import { HomeNews } from '../../news';
import { UpcomingGames } from './upcoming-games';

/** The home page's last row: the upcoming games and the latest news (a chunk of its own: home-page.tsx). */
export function HomeColumns() {
  return (
    <div className="home__columns">
      <UpcomingGames />
      <HomeNews />
    </div>
  );
}
