import { sql, type Expression, type SqlBool } from 'kysely';
import type { OnGames } from './game-card.js';
import type { CatalogueFilters, SpanishFilter } from './game-rows.js';

const SPANISH_COLUMN = { audio: 'g.spanishAudio', text: 'g.spanishText' } as const;

/**
 * The filters as a page statement's parameters: the year as its first and last day (derived here), and the
 * Spanish filter as a literal that decides the statement's shape (so its partial indexes answer it).
 */
export type FilterArgs = {
  platform: string | null;
  spanish: { audio: boolean } | null;
  genres: string[] | null;
  yearFrom: string | null;
  yearTo: string | null;
  scored: boolean;
  mature: boolean;
  addons: boolean;
};

export const filterArgs = ({
  platform,
  spanish,
  genres,
  year,
  scored,
  mature,
  addons,
}: CatalogueFilters): FilterArgs => ({
  platform: platform ?? null,
  spanish: spanish ? { audio: spanish === 'audio' } : null,
  genres: genres?.length ? genres : null,
  yearFrom: year === undefined ? null : `${year}-01-01`,
  yearTo: year === undefined ? null : `${year}-12-31`,
  scored: scored === true,
  mature: mature === true,
  addons: addons === true,
});

/**
 * The games of the catalogue in every order (decisions.md section 16: its total is the same whatever the
 * sort): released ones only (unreleased games are 'Próximos lanzamientos'), narrowed by the filters.
 */
export const pageFilter =
  ({ platform, spanish, genres, yearFrom, yearTo, scored, mature, addons }: FilterArgs) =>
  (eb: OnGames) => {
    const conditions: Expression<SqlBool>[] = [];
    if (platform) conditions.push(eb('g.platforms', '@>', sql<string[]>`array[${platform}]::text[]`));
    if (spanish) {
      const column: SpanishFilter = spanish.audio ? 'audio' : 'text';
      conditions.push(eb(SPANISH_COLUMN[column], '=', sql.lit('yes')));
    }
    if (genres) conditions.push(eb('g.genres', '&&', sql<string[]>`array[${sql.join(genres)}]::text[]`));
    if (yearFrom !== null && yearTo !== null)
      conditions.push(
        eb.and([
          eb('g.releaseDate', '>=', sql<string>`${yearFrom}::date`),
          eb('g.releaseDate', '<=', sql<string>`${yearTo}::date`),
        ]),
      );
    if (scored) conditions.push(eb('g.avRatings', 'is not', null));
    if (!mature) conditions.push(eb('g.mature', '=', sql.lit(false)));
    if (!addons) conditions.push(eb('g.addon', '=', sql.lit(false)));
    conditions.push(
      eb.or([eb('g.releaseDate', '<=', sql<string>`current_date`), eb('g.releaseDate', 'is', null)]),
    );
    return eb.and(conditions);
  };
