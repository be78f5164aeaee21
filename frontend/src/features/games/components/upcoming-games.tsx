import { Link } from '../../../components/link';
import { CoverImage } from '../../../components/cover-image';
import { PlatformLogos } from '../../../components/platform-logos';
import { formatReleaseDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { useUpcomingGames } from '../api/use-upcoming-games';

export function UpcomingGames() {
  const { data: games, isLoading } = useUpcomingGames();
  if (!isLoading && (!games || games.length === 0)) return null;
  return (
    <section className="upcoming" aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className="section-title">
        PRÓXIMOS LANZAMIENTOS
      </h2>
      {isLoading ? (
        <p className="muted">Cargando...</p>
      ) : (
        <ol className="upcoming__list">
          {games?.map((game) => (
            <li key={game.igdbID} className="upcoming__item">
              <CoverImage className="upcoming__cover" src={game.imageCover} alt="" width={60} height={80} />
              <div className="upcoming__body">
                <Link className="stretched-link upcoming__title" to={routes.game(game)}>
                  {game.title}
                </Link>
                <div className="upcoming__meta">
                  {game.releaseDate ? (
                    <time dateTime={game.releaseDate}>
                      {formatReleaseDate(game.releaseDate, game.releaseDatePrecision)}
                    </time>
                  ) : null}
                  <PlatformLogos platforms={game.platform} />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
