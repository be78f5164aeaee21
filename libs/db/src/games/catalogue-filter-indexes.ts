import { Index } from '@mikro-orm/decorators/legacy';
import { PLATFORMS } from '@veredicto/contract';

/** The sort columns of the catalogue's orderings (catalogue-order.ts), as the games table names them. */
const SORT_COLUMNS = ['release_date', 'av_ratings', 'player_rank_score'] as const;

/** What every ordering's index carries besides its keys, so a page's filters are read from the index. */
const includes = (column: string) =>
  column === 'release_date' ? `"mature", "addon"` : `"mature", "addon", "release_date"`;

/**
 * The platforms whose filter reads a partial index of its own: every one but PC, which most of the
 * catalogue runs on (88 % of the 194k bench catalogue), so the whole catalogue's indexes find its games as
 * densely as their own would.
 */
export const PLATFORMS_WITH_INDEXES = PLATFORMS.filter((platform) => platform.id !== 'pc');

/** `platforms @> array['PlayStation 5']::text[]`: the predicate a platform's indexes and page statements share. */
export const platformPredicate = (name: string) =>
  `"platforms" @> array['${name.replace(/'/g, "''")}']::text[]`;

/** The year of a release date, as the year filter of the score orders and its indexes say it. */
export const RELEASE_YEAR = `(extract(year from "release_date")::int)`;

/**
 * The indexes of the catalogue's filters that read a small part of it (migration CatalogueFilterIndexes):
 * - each platform's games in each order, partial (`platforms @> array[name]`), so a platform's deep page
 *   reads its own games from its anchor, not the other platforms' games between them (a Switch 2 page
 *   used to walk up to 34,000 index entries to find 100 of its 563 games);
 * - each score order by release year first, so the year filter under those orders reads its year's
 *   games only (by release date the year is already a range of the release date index).
 */
export const CATALOGUE_FILTER_INDEXES: { name: string; expression: string }[] = [
  ...PLATFORMS_WITH_INDEXES.flatMap((platform) =>
    SORT_COLUMNS.map((column) => {
      const name = `games_platform_${platform.id.replace(/-/g, '_')}_${column}_idx`;
      return {
        name,
        expression: `create index "${name}" on "games" ("${column}" desc nulls last, "id" desc) include (${includes(column)}) where ${platformPredicate(platform.name)}`,
      };
    }),
  ),
  ...SORT_COLUMNS.filter((column) => column !== 'release_date').map((column) => {
    const name = `games_year_${column}_idx`;
    return {
      name,
      expression: `create index "${name}" on "games" (${RELEASE_YEAR}, "${column}" desc nulls last, "id" desc) include ("platforms", ${includes(column)})`,
    };
  }),
];

/** Declares CATALOGUE_FILTER_INDEXES on the entity (the schema diff compares them with the migrations). */
export const CatalogueFilterIndexes = (): ClassDecorator => (target) => {
  for (const index of CATALOGUE_FILTER_INDEXES) Index(index)(target as never);
};
