import { Migration } from '@mikro-orm/migrations';

/** The platforms of this migration's day but PC (catalogue-filter-indexes.ts says why not PC). */
const PLATFORMS = [
  ['ps5', 'PlayStation 5'],
  ['ps4', 'PlayStation 4'],
  ['ps3', 'PlayStation 3'],
  ['ps2', 'PlayStation 2'],
  ['xbox_one', 'Xbox One'],
  ['xbox_series', 'Xbox Series X|S'],
  ['switch_2', 'Nintendo Switch 2'],
  ['switch', 'Nintendo Switch'],
] as const;

const SORTS = [
  ['release_date', `"mature", "addon"`],
  ['av_ratings', `"mature", "addon", "release_date"`],
  ['player_rank_score', `"mature", "addon", "release_date"`],
] as const;

/**
 * The filters of a small part of the catalogue read their own games (catalogue-filter-indexes.ts): each
 * platform's games in each order (partial indexes), and the score orders by release year first.
 */
export class Migration20261203100000_CatalogueFilterIndexes extends Migration {
  override name = 'Migration20261203100000_CatalogueFilterIndexes';

  override up(): void | Promise<void> {
    for (const [id, name] of PLATFORMS)
      for (const [column, include] of SORTS)
        this.addSql(
          `create index "games_platform_${id}_${column}_idx" on "games" ("${column}" desc nulls last, "id" desc) include (${include}) where "platforms" @> array['${name}']::text[];`,
        );
    for (const [column, include] of SORTS.slice(1))
      this.addSql(
        `create index "games_year_${column}_idx" on "games" ((extract(year from "release_date")::int), "${column}" desc nulls last, "id" desc) include ("platforms", ${include});`,
      );
  }

  override down(): void | Promise<void> {
    for (const [id] of PLATFORMS)
      for (const [column] of SORTS) this.addSql(`drop index if exists "games_platform_${id}_${column}_idx";`);
    for (const [column] of SORTS.slice(1)) this.addSql(`drop index if exists "games_year_${column}_idx";`);
  }
}
