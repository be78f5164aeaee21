import { Migration } from '@mikro-orm/migrations';

/**
 * What the search index of the API held of a game then: the search text and what its popularity reads
 * (the list as it was; Migration20261130100000_AddonGames adds the marks it reads since).
 */
const SEARCH_VERSION_COLUMNS = [
  'search_name',
  'critic_review_count',
  'user_rating_count',
  'metascore',
  'igdb_rating',
  'release_date',
] as const;

/** What the search index of the API holds of a game changed: the search text or what its popularity reads. */
const changed = SEARCH_VERSION_COLUMNS.map(
  (column) => `old."${column}" is distinct from new."${column}"`,
).join(' or ');

/**
 * games.search_version: a number from a sequence (set by triggers: a nextval default would read as an
 * autoincrement column to the schema diff), given to a game when it is added and again whenever
 * what the API's in-memory search index holds of it changes (its search name, the figures its popularity
 * reads, its aliases). An API process asks for the highest one before a search and loads only the games
 * above the one it has: a sequence takes no lock, so concurrent rating updates do not wait on each other.
 */
export class Migration20261126090000_SearchVersion extends Migration {
  override name = 'Migration20261126090000_SearchVersion';

  override up(): void | Promise<void> {
    this.addSql(`create sequence if not exists "games_search_version_seq";`);
    this.addSql(`alter table "games" add column "search_version" bigint not null default '0';`);
    this.addSql(`update "games" set "search_version" = nextval('games_search_version_seq');`);
    this.addSql(`create index "games_search_version_idx" on "games" ("search_version");`);
    this.addSql(`
create function games_search_version_bump() returns trigger language plpgsql as $$
begin
  new.search_version := nextval('games_search_version_seq');
  return new;
end $$;`);
    this.addSql(
      `create trigger "games_search_version_insert" before insert on "games"
       for each row execute function games_search_version_bump();`,
    );
    this.addSql(
      `create trigger "games_search_version_update" before update on "games"
       for each row when (${changed}) execute function games_search_version_bump();`,
    );
    // An alias added, changed or removed changes its game's entries: statement-level triggers with a
    // transition table (an import adds thousands of aliases in one statement), one per event.
    this.addSql(`
create function games_search_version_from_aliases() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update games set search_version = nextval('games_search_version_seq')
    where id in (select game_id from old_rows);
  else
    update games set search_version = nextval('games_search_version_seq')
    where id in (select game_id from new_rows);
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "game_aliases_search_version_insert" after insert on "game_aliases"
       referencing new table as new_rows for each statement execute function games_search_version_from_aliases();`,
    );
    this.addSql(
      `create trigger "game_aliases_search_version_update" after update on "game_aliases"
       referencing new table as new_rows for each statement execute function games_search_version_from_aliases();`,
    );
    this.addSql(
      `create trigger "game_aliases_search_version_delete" after delete on "game_aliases"
       referencing old table as old_rows for each statement execute function games_search_version_from_aliases();`,
    );
  }

  override down(): void | Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "game_aliases_search_version_${event}" on "game_aliases";`);
    this.addSql(`drop trigger if exists "games_search_version_insert" on "games";`);
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(`drop function if exists games_search_version_from_aliases();`);
    this.addSql(`drop function if exists games_search_version_bump();`);
    this.addSql(`alter table "games" drop column if exists "search_version";`);
    this.addSql(`drop sequence if exists "games_search_version_seq";`);
  }
}
