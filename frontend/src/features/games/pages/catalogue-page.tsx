import { useNavigationType, useParams, useSearchParams } from 'react-router-dom';
import { Link, NavLink } from '../../../components/link';
import { GENRE_SLUGS, pageTexts, type CatalogueSort, type LengthFilter } from '@veredicto/contract';
import { NotFoundPage } from '../../../components/not-found-page';
import { GameGrid } from '../../../components/game-grid';
import { Pagination } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { routes } from '../../../lib/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { SPANISH_FILTER_LABELS, SPANISH_FILTERS, type SpanishFilter } from '@veredicto/contract';
import { readSpanishFilter } from '../../languages';
import { newestBestOfYear, useBestOfLists } from '../api/use-best-of-lists';
import { useGameCatalogue } from '../api/use-game-catalogue';
import { ALL_PLATFORMS_ID, PLATFORM_FILTERS, platformLabel } from '../platforms';
import './games.css';

const SORT_OPTIONS: { value: CatalogueSort; label: string }[] = [
  { value: 'releaseDate', label: 'Fecha de lanzamiento' },
  { value: 'avRatings', label: 'Puntuación de crítica' },
  { value: 'avUserRatings', label: 'Puntuación de usuarios' },
  { value: 'length', label: 'Duración (de más larga a más corta)' },
];

const LENGTH_OPTIONS: { value: LengthFilter; label: string }[] = [
  { value: 'short', label: 'Cortos (menos de 10 h)' },
  { value: 'medium', label: 'Medios (10 a 30 h)' },
  { value: 'long', label: 'Largos (más de 30 h)' },
];

const readLength = (value: string | null): LengthFilter | undefined =>
  LENGTH_OPTIONS.find((option) => option.value === value)?.value;

function readSort(value: string | null): CatalogueSort {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? 'releaseDate';
}

const GENRE_OPTIONS = Object.entries(GENRE_SLUGS)
  .map(([slug, name]) => ({ value: slug, label: name }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));
const FIRST_YEAR = 1970;

/** The years a catalogue can be narrowed to, newest first. */
const yearOptions = (thisYear: number) =>
  Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, index) => {
    const year = String(thisYear - index);
    return { value: year, label: year };
  });

function readGenre(value: string | null): string | undefined {
  return value && value in GENRE_SLUGS ? value : undefined;
}

function readYear(value: string | null, lastYear: number): number | undefined {
  const year = Number.parseInt(value ?? '', 10);
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= lastYear ? year : undefined;
}

/** The yes/no filters, each a chip that adds `name=true`. */
const FLAG_CHIPS = [
  { name: 'scored', label: 'Con nota de la crítica' },
  { name: 'mature', label: 'Incluir juegos para adultos' },
  { name: 'addons', label: 'Incluir DLC y extras' },
] as const;

/** The query-string parameters that narrow the catalogue: kept by the platform links, reset a page. */
const FILTER_PARAMS = ['sortBy', 'spanish', 'genre', 'year', 'scored', 'length', 'mature', 'addons'] as const;

function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** /games/all and /games/{platformId}: page (one-based) and sort live in the query string. */
export function CataloguePage() {
  const { platformId = ALL_PLATFORMS_ID } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigationType = useNavigationType();
  const thisYear = new Date().getFullYear();
  const isAll = platformId === ALL_PLATFORMS_ID;
  const label = isAll ? null : platformLabel(platformId);
  const known = isAll || label !== null;
  const sortBy = readSort(searchParams.get('sortBy'));
  const page = readPage(searchParams.get('page'));
  const spanish = readSpanishFilter(searchParams.get('spanish'));
  const genre = readGenre(searchParams.get('genre'));
  const year = readYear(searchParams.get('year'), thisYear);
  const scored = searchParams.get('scored') === 'true';
  const length = readLength(searchParams.get('length'));
  const mature = searchParams.get('mature') === 'true';
  const addons = searchParams.get('addons') === 'true';

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
    known
      ? {
          page: page - 1,
          platform: isAll ? undefined : platformId,
          sortBy,
          spanish,
          genre,
          year,
          scored,
          length,
          mature,
          addons,
        }
      : null,
  );

  const { data: bestOfLists } = useBestOfLists();
  if (!known) return <NotFoundPage />;

  // A platform link keeps the order and the filters.
  const kept = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const sortQuery = kept.size ? `?${kept.toString()}` : '';
  /** Sets (or with undefined removes) one filter, back on the first page. */
  const setFilter = (name: (typeof FILTER_PARAMS)[number], value: string | undefined) => {
    const params = new URLSearchParams(searchParams);
    params.delete('page');
    if (value === undefined) params.delete(name);
    else params.set(name, value);
    setSearchParams(params);
  };
  const onSpanishChange = (value: SpanishFilter) =>
    setFilter('spanish', spanish === value ? undefined : value);
  const goToPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next <= 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
    window.scrollTo({ top: 0 });
  };
  const onSortChange = (value: string) => setFilter('sortBy', value === 'releaseDate' ? undefined : value);
  const flags = { scored, mature, addons };
  const filterSelects = [
    { name: 'genre', label: 'Género', anyLabel: 'Todos', value: genre, options: GENRE_OPTIONS },
    {
      name: 'year',
      label: 'Año',
      anyLabel: 'Todos',
      value: year?.toString(),
      options: yearOptions(thisYear),
    },
    { name: 'length', label: 'Duración', anyLabel: 'Cualquiera', value: length, options: LENGTH_OPTIONS },
  ] as const;

  const games = data?.content ?? [];
  const bestOfYear = newestBestOfYear(bestOfLists, isAll ? undefined : platformId);
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
        <ul className="chip-list" aria-label="Idioma y notas">
          {SPANISH_FILTERS.map((option) => (
            <ToggleChip
              key={option}
              label={SPANISH_FILTER_LABELS[option]}
              pressed={spanish === option}
              onToggle={() => onSpanishChange(option)}
            />
          ))}
          {FLAG_CHIPS.map(({ name, label }) => (
            <ToggleChip
              key={name}
              label={label}
              pressed={flags[name]}
              onToggle={() => setFilter(name, flags[name] ? undefined : 'true')}
            />
          ))}
        </ul>
        {filterSelects.map((select) => (
          <SelectField
            key={select.name}
            inline
            label={select.label}
            anyLabel={select.anyLabel}
            value={select.value ?? ''}
            options={select.options}
            onValueChange={(value) => setFilter(select.name, value || undefined)}
          />
        ))}
        <SelectField
          inline
          label="Ordenar por"
          value={sortBy}
          options={SORT_OPTIONS}
          onValueChange={onSortChange}
        />
      </div>
      {bestOfYear !== null ? (
        <p className="catalogue__best-of">
          <Link to={isAll ? routes.bestOfYear(bestOfYear) : routes.bestOfPlatform(bestOfYear, platformId)}>
            Los mejores juegos de {bestOfYear}
            {label ? ` en ${label}` : ''}
          </Link>
        </p>
      ) : null}
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
            onJump={goToPage}
            label="Páginas del catálogo"
          />
        </>
      ) : null}
      {data && data.totalElements === 0 ? (
        <p className="empty-state" role="status">
          Ningún juego coincide con estos filtros.
        </p>
      ) : null}
    </div>
  );
}

/** One filter of the chip row: a button that says whether it is on. */
function ToggleChip({ label, pressed, onToggle }: { label: string; pressed: boolean; onToggle: () => void }) {
  return (
    <li>
      <button type="button" className="chip" aria-pressed={pressed} onClick={onToggle}>
        {label}
      </button>
    </li>
  );
}
