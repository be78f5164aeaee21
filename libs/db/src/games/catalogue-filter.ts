import { sql, type Expression, type SqlBool } from 'kysely';
import { LENGTH_BOUNDS, PLATFORMS, type LengthFilter } from '@veredicto/contract';
import type { OnGames } from './game-card.js';
import type { CatalogueFilters, GameSort, SpanishFilter } from './game-rows.js';

const SPANISH_COLUMN = { audio: 'g.spanishAudio', text: 'g.spanishText' } as const;

/**
 * The filters as a page statement's parameters: the year also as its first and last day (derived here),
 * and the platform (a key) and the Spanish filter as literals that decide the statement's shape, so their
 * partial indexes answer it (catalogue-filter-indexes.ts): a generic plan cannot prove a partial index's
 * predicate from a parameter.
 */
export type FilterArgs = {
  platform: { [name: string]: true } | null;
  spanish: { audio: boolean } | null;
  genres: string[] | null;
  year: number | null;
  yearFrom: string | null;
  yearTo: string | null;
  scored: boolean;
  length: LengthArgs;
  mature: boolean;
  addons: boolean;
};

export const filterArgs = ({
  platform,
  spanish,
  genres,
  year,
  scored,
  length,
  mature,
  addons,
}: CatalogueFilters): FilterArgs => ({
  platform: platform ? { [platform]: true } : null,
  spanish: spanish ? { audio: spanish === 'audio' } : null,
  genres: genres?.length ? genres : null,
  year: year ?? null,
  yearFrom: year === undefined ? null : `${year}-01-01`,
  yearTo: year === undefined ? null : `${year}-12-31`,
  scored: scored === true,
  length: lengthArgs(length),
  mature: mature === true,
  addons: addons === true,
});

/** The length filter as booleans, which decide a reusable statement's shape (a string would be a parameter). */
export const lengthArgs = (length: LengthFilter | undefined): LengthArgs =>
  length ? { short: length === 'short', long: length === 'long' } : null;

export type LengthArgs = { short: boolean; long: boolean } | null;

/**
 * The length filter's condition on g.lengthHours, its bounds literals like the platform: the partial index
 * of games with a length answers them.
 */
export const lengthCondition = (eb: OnGames, length: NonNullable<LengthArgs>): Expression<SqlBool> =>
  length.short
    ? eb('g.lengthHours', '<', sql.lit(LENGTH_BOUNDS.short))
    : length.long
      ? eb('g.lengthHours', '>', sql.lit(LENGTH_BOUNDS.long))
      : eb.and([
          eb('g.lengthHours', '>=', sql.lit(LENGTH_BOUNDS.short)),
          eb('g.lengthHours', '<=', sql.lit(LENGTH_BOUNDS.long)),
        ]);

const PLATFORM_NAMES: ReadonlySet<string> = new Set(PLATFORMS.map((platform) => platform.name));

/**
 * The games of the catalogue in every order (docs/CONTRACT.md §16: its total is the same whatever the
 * sort): released ones only (unreleased games are 'Próximos lanzamientos'), narrowed by the filters. With
 * a score order, the year is said as the year of the release date, the first column of that order's year
 * index; by release date (and without an order), as the date range its release date index answers.
 */
export const pageFilter =
  (
    { platform, spanish, genres, year, yearFrom, yearTo, scored, length, mature, addons }: FilterArgs,
    sort?: GameSort,
  ) =>
  (eb: OnGames) => {
    const conditions: Expression<SqlBool>[] = [];
    if (platform) {
      const [name] = Object.keys(platform);
      // Callers validate platforms against the contract's list: a literal is never anything else.
      if (!PLATFORM_NAMES.has(name)) throw new Error(`Unknown platform: ${name}`);
      conditions.push(eb('g.platforms', '@>', sql<string[]>`array[${sql.lit(name)}]::text[]`));
    }
    if (spanish) {
      const column: SpanishFilter = spanish.audio ? 'audio' : 'text';
      conditions.push(eb(SPANISH_COLUMN[column], '=', sql.lit('yes')));
    }
    if (genres) conditions.push(eb('g.genres', '&&', sql<string[]>`array[${sql.join(genres)}]::text[]`));
    if (year !== null && sort !== undefined && sort !== 'releaseDate')
      conditions.push(eb(sql`(extract(year from ${eb.ref('g.releaseDate')}))::int`, '=', year));
    else if (yearFrom !== null && yearTo !== null)
      conditions.push(
        eb.and([
          eb('g.releaseDate', '>=', sql<string>`${yearFrom}::date`),
          eb('g.releaseDate', '<=', sql<string>`${yearTo}::date`),
        ]),
      );
    if (scored) conditions.push(eb('g.avRatings', 'is not', null));
    if (length) conditions.push(lengthCondition(eb, length));
    if (!mature) conditions.push(eb('g.mature', '=', sql.lit(false)));
    if (!addons) conditions.push(eb('g.addon', '=', sql.lit(false)));
    conditions.push(
      eb.or([eb('g.releaseDate', '<=', sql<string>`current_date`), eb('g.releaseDate', 'is', null)]),
    );
    return eb.and(conditions);
  };
