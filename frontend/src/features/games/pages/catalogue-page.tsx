import { useId } from 'react';
import { Link, NavLink, useNavigationType, useParams, useSearchParams } from 'react-router-dom';
import { pageTexts } from '@veredicto/contract';
import { NotFoundPage } from '../../../app/not-found-page';
import { GameGrid } from '../../../components/game-grid';
import { Pagination } from '../../../components/pagination';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import {
  readSpanishFilter,
  SpanishFilterChips,
  type SpanishFilter,
} from '../../languages/components/spanish-filter-chips';
import { useGameCatalogue, type CatalogueSort } from '../api/use-game-catalogue';
import { ALL_PLATFORMS_ID, PLATFORM_FILTERS, platformLabel } from '../platforms';
import './games.css';

const SORT_OPTIONS: { value: CatalogueSort; label: string }[] = [
  { value: 'releaseDate', label: 'Fecha de lanzamiento' },
  { value: 'avRatings', label: 'Puntuación de crítica' },
  { value: 'avUserRatings', label: 'Puntuación de usuarios' },
];

function readSort(value: string | null): CatalogueSort {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? 'releaseDate';
}

function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** /games/all and /games/{platformId}: page (one-based) and sort live in the query string. */
export function CataloguePage() {
  const { platformId = ALL_PLATFORMS_ID } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigationType = useNavigationType();
  const sortSelectId = useId();
  const isAll = platformId === ALL_PLATFORMS_ID;
  const label = isAll ? null : platformLabel(platformId);
  const known = isAll || label !== null;
  const sortBy = readSort(searchParams.get('sortBy'));
  const page = readPage(searchParams.get('page'));
  const spanish = readSpanishFilter(searchParams.get('spanish'));

  usePageMeta({
    ...pageTexts.catalogue(label),
    canonicalPath: routes.catalogue(platformId),
  });
  const {
    data,
    error,
    isLoading,
    mutate: retry,
  } = useGameCatalogue(
    known ? { page: page - 1, platform: isAll ? undefined : platformId, sortBy, spanish } : null,
  );

  if (!known) return <NotFoundPage />;

  // A platform link keeps the order and the Spanish filter.
  const kept = new URLSearchParams();
  if (sortBy !== 'releaseDate') kept.set('sortBy', sortBy);
  if (spanish) kept.set('spanish', spanish);
  const sortQuery = kept.size ? `?${kept.toString()}` : '';
  const onSpanishChange = (value: SpanishFilter) => {
    const params = new URLSearchParams(searchParams);
    params.delete('page');
    if (spanish === value) params.delete('spanish');
    else params.set('spanish', value);
    setSearchParams(params);
  };
  const goToPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
    window.scrollTo({ top: 0 });
  };
  const onSortChange = (value: string) => {
    const params = new URLSearchParams(searchParams);
    params.delete('page');
    if (value === 'releaseDate') params.delete('sortBy');
    else params.set('sortBy', value);
    setSearchParams(params);
  };

  const games = data?.content ?? [];
  // Last year's list is complete; this year's is still filling up in its first months.
  const bestOfYear = new Date().getFullYear() - 1;
  const totalPages = data?.totalPages ?? 0;

  return (
    <div className="page catalogue">
      <h1 className="page-title">JUEGOS</h1>
      <div className="catalogue__filters">
        <nav aria-label="Plataformas">
          <ul className="chip-list">
            <li>
              <NavLink className="chip" to={`${routes.catalogue()}${sortQuery}`}>
                Todas
              </NavLink>
            </li>
            {PLATFORM_FILTERS.map((platform) => (
              <li key={platform.id}>
                <NavLink className="chip" to={`${routes.catalogue(platform.id)}${sortQuery}`}>
                  {platform.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SpanishFilterChips value={spanish} onChange={onSpanishChange} />
        <div className="field field--inline">
          <label htmlFor={sortSelectId}>Ordenar por</label>
          <select id={sortSelectId} value={sortBy} onChange={(event) => onSortChange(event.target.value)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="catalogue__best-of">
        <Link to={isAll ? routes.bestOfYear(bestOfYear) : routes.bestOfPlatform(bestOfYear, platformId)}>
          Los mejores juegos de {bestOfYear}
          {label ? ` en ${label}` : ''}
        </Link>
      </p>
      {isLoading && !data ? <Spinner label="Cargando juegos..." /> : null}
      {error && !data ? (
        <LoadError message="No se ha podido cargar el catálogo de juegos." onRetry={retry} />
      ) : null}
      {games.length > 0 ? (
        <>
          <GameGrid games={games} label="Juegos" whole={navigationType === 'POP'} />
          <Pagination
            page={page}
            totalPages={totalPages}
            onPrevious={() => goToPage(page - 1)}
            onNext={() => goToPage(page + 1)}
            label="Páginas del catálogo"
          />
        </>
      ) : null}
    </div>
  );
}
