import { Migration } from '@mikro-orm/migrations';
import { SEARCH_VERSION_COLUMNS } from '../search/search-version.js';

const updateTrigger = (columns: readonly string[]) =>
  `create trigger "games_search_version_update" before update on "games" for each row when (${columns
    .map((column) => `old."${column}" is distinct from new."${column}"`)
    .join(' or ')}) execute function games_search_version_bump();`;

/**
 * How long a game takes (docs/CONTRACT.md §19): IGDB's figures and our players' per platform in their own
 * tables; the main story's hours on games (length_hours) for the `length` filter and sortBy=length, with
 * their indexes, held by the catalogue in memory too (a change bumps search_version); the orderings' new
 * filter column.
 */
export class Migration20261207160000_TimeToBeat extends Migration {
  override name = 'Migration20261207160000_TimeToBeat';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "game_time_to_beats" ("game_id" int not null, "source" varchar(10) not null default 'igdb', "hastily" int null, "normally" int null, "completely" int null, "count" int not null default 0, "source_updated_at" timestamptz null, "fetched_at" timestamptz not null default now(), constraint "game_time_to_beats_pkey" primary key ("game_id", "source"));`,
    );
    this.addSql(
      `alter table "game_time_to_beats" add constraint "game_time_to_beats_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "game_player_times" ("game_id" int not null, "platform" varchar(60) not null, "median" real not null, "p25" real not null, "p75" real not null, "count" int not null, "computed_at" timestamptz not null default now(), constraint "game_player_times_pkey" primary key ("game_id", "platform"));`,
    );
    this.addSql(
      `alter table "game_player_times" add constraint "game_player_times_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "games" add column "length_hours" real null;`);
    this.addSql(
      `create index "games_length_hours_idx" on "games" ("length_hours" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "release_date");`,
    );
    this.addSql(
      `create index "games_length_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms", "mature", "addon", "length_hours") where "length_hours" is not null;`,
    );
    this.addSql(`alter table "catalogue_orderings" add column "length" varchar(10) null;`);
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(updateTrigger(SEARCH_VERSION_COLUMNS));
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "games_search_version_update" on "games";`);
    this.addSql(updateTrigger(SEARCH_VERSION_COLUMNS.filter((column) => column !== 'length_hours')));
    this.addSql(`alter table "catalogue_orderings" drop column "length";`);
    this.addSql(`drop index "games_length_release_date_idx";`);
    this.addSql(`drop index "games_length_hours_idx";`);
    this.addSql(`alter table "games" drop column "length_hours";`);
    this.addSql(`drop table if exists "game_player_times";`);
    this.addSql(`drop table if exists "game_time_to_beats";`);
  }
}
