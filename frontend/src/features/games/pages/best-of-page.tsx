import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../../components/link';
import { GENRE_SLUGS, pageTexts } from '@veredicto/contract';
import { NotFoundPage } from '../../../components/not-found-page';
import { Pagination } from '../../../components/pagination';
import { ScoreBadge } from '../../../components/score-badge';
import { Spinner } from '../../../components/spinner';
import { formatReleaseDate } from '../../../lib/format';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { BEST_OF_PAGE_SIZE, useBestOf } from '../api/use-best-of';
import { useBestOfLists } from '../api/use-best-of-lists';
import { PLATFORM_FILTERS, platformLabel } from '../platforms';
import './games.css';

const FIRST_YEAR = 1950;

function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** /mejores/{year}, /mejores/{year}/{platformId} and /mejores/genero/{genre}: ranked by the critic average. */
export function BestOfPage() {
  const { year: yearParam, platformId, genre: genreSlug } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const year = yearParam && /^\d{4}$/.test(yearParam) ? Number(yearParam) : undefined;
  const platform = platformId ? platformLabel(platformId) : null;
  const genre = genreSlug ? GENRE_SLUGS[genreSlug] : undefined;
  const currentYear = new Date().getFullYear();
  const known = genreSlug
    ? genre !== undefined
    : year !== undefined &&
      year >= FIRST_YEAR &&
      year <= currentYear + 1 &&
      (!platformId || platform !== null);

  const text = pageTexts.bestOf({ year, platform, genre });
  usePageMeta({
    ...text,
    canonicalPath: genreSlug
      ? routes.bestOfGenre(genreSlug)
      : platformId
        ? routes.bestOfPlatform(yearParam ?? '', platformId)
        : routes.bestOfYear(yearParam ?? ''),
  });
  const { data, isLoading } = useBestOf(
    known
      ? { year: genreSlug ? undefined : year, platform: platformId, genre: genreSlug, page: page - 1 }
      : null,
  );
  const { data: lists } = useBestOfLists();
  if (!known) return <NotFoundPage />;

  // Only lists with enough games are offered: the years around this one and this year's platforms.
  const offeredYears = lists?.years.map((entry) => entry.year) ?? [];
  const earlier = offeredYears.find((offered) => year !== undefined && offered < year);
  const later = offeredYears.findLast((offered) => year !== undefined && offered > year);
  const offeredPlatforms = new Set(
    lists?.years.find((entry) => entry.year === year)?.platforms.map((platform) => platform.id),
  );

  const goToPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
    window.scrollTo({ top: 0 });
  };
  const games = data?.content ?? [];
  return (
    <div className="page catalogue best-of">
      <h1 className="page-title">{text.title}</h1>
      {year !== undefined ? (
        <div className="catalogue__filters">
          <nav aria-label="Listas del año">
            <ul className="chip-list">
              {earlier !== undefined ? (
                <li>
                  <Link className="chip" to={routes.bestOfYear(earlier)}>
                    {earlier}
                  </Link>
                </li>
              ) : null}
              <li>
                <Link className={`chip${platformId ? '' : ' active'}`} to={routes.bestOfYear(year)}>
                  Todas ({year})
                </Link>
              </li>
              {PLATFORM_FILTERS.filter(
                (option) => option.id === platformId || offeredPlatforms.has(option.id),
              ).map((option) => (
                <li key={option.id}>
                  <Link
                    className={`chip${option.id === platformId ? ' active' : ''}`}
                    to={routes.bestOfPlatform(year, option.id)}
                  >
                    {option.label}
                  </Link>
                </li>
              ))}
              {later !== undefined ? (
                <li>
                  <Link className="chip" to={routes.bestOfYear(later)}>
                    {later}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
      ) : null}
      <p className="best-of__rule">
        Solo juegos con media de la crítica (al menos 4 críticas con nota); a igual media, el que tiene más
        críticas va primero.
      </p>
      {isLoading && !data ? <Spinner label="Cargando juegos..." /> : null}
      {data && games.length === 0 ? <p>Aún no hay juegos con media de la crítica en esta lista.</p> : null}
      {games.length > 0 ? (
        <>
          <ol className="best-of__list" start={(page - 1) * BEST_OF_PAGE_SIZE + 1}>
            {games.map((game, index) => (
              <li key={game.igdbID} className="best-of__item">
                <span className="best-of__rank">Nº {(page - 1) * BEST_OF_PAGE_SIZE + index + 1}</span>
                <ScoreBadge score={game.avRatings} label="Crítica" />
                <Link to={routes.game(game)} className="best-of__title">
                  {game.title}
                </Link>
                <span className="best-of__meta">
                  {game.criticReviewCount} medios
                  {game.releaseDate
                    ? ` · ${formatReleaseDate(game.releaseDate, game.releaseDatePrecision)}`
                    : ''}
                </span>
              </li>
            ))}
          </ol>
          <Pagination
            page={page}
            totalPages={data?.totalPages ?? 0}
            onPrevious={() => goToPage(page - 1)}
            onNext={() => goToPage(page + 1)}
            label="Páginas de la lista"
          />
        </>
      ) : null}
    </div>
  );
}
