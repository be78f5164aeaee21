import { Migration } from '@mikro-orm/migrations';

/** What bumped games.search_version until now: what the search index held (migrations SearchVersion, AddonGames). */
const SEARCH_COLUMNS = [
  'search_name',
  'critic_review_count',
  'user_rating_count',
  'metascore',
  'igdb_rating',
  'release_date',
  'mature',
  'addon',
] as const;

/** What the catalogue in the API's memory holds besides: each card's fields, its orders and filters. */
const CATALOGUE_COLUMNS = [
  'igdb_id',
  'slug',
  'title',
  'image_cover',
  'platforms',
  'release_date_precision',
  'av_ratings',
  'av_user_ratings',
  'player_rank_score',
  'genres',
  'spanish_audio',
  'spanish_text',
] as const;

const updateTrigger = (columns: readonly string[]) =>
  `create trigger "games_search_version_update" before update on "games" for each row when (${columns
    .map((column) => `old."${column}" is distinct from new."${column}"`)
    .join(' or ')}) execute function games_search_version_bump();`;

/**
 * Every API process keeps the catalogue in memory (CatalogueMemory: each game's card, sort keys and filter
 * marks), read again for the games above the search_version it has, as its search index is:
 * - a change of any column it holds now bumps search_version;
 * - a removed game leaves its id in removed_games, with a version of the same sequence.
 */
export class Migration20261204100000_CatalogueMemory extends Migration {
  override name = 'Migration20261204100000_CatalogueMemory';

  override up(): void | Promise<void> {
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(updateTrigger([...SEARCH_COLUMNS, ...CATALOGUE_COLUMNS]));
    this.addSql(
      `create table "removed_games" ("game_id" int not null, "version" bigint not null, constraint "removed_games_pkey" primary key ("game_id"));`,
    );
    this.addSql(`create index "removed_games_version_idx" on "removed_games" ("version");`);
    this.addSql(`
create function games_removed() returns trigger language plpgsql as $$
begin
  insert into removed_games (game_id, version)
  select id, nextval('games_search_version_seq') from old_rows
  on conflict (game_id) do update set version = excluded.version;
  return null;
end $$;`);
    this.addSql(
      `create trigger "games_removed" after delete on "games"
       referencing old table as old_rows for each statement execute function games_removed();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "games_removed" on "games";`);
    this.addSql(`drop function if exists games_removed();`);
    this.addSql(`drop table if exists "removed_games";`);
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(updateTrigger(SEARCH_COLUMNS));
  }
}
