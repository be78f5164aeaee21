import { Migration } from '@mikro-orm/migrations';

export class Migration20261124020151_SearchAliases extends Migration {
  override name = 'Migration20261124020151_SearchAliases';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "game_aliases" ("id" serial primary key, "game_id" int not null, "kind" varchar(20) not null, "alias" varchar(300) not null, "term" varchar(300) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "game_aliases_game_idx" on "game_aliases" ("game_id");`);
    this.addSql(`create index "game_aliases_term_idx" on "game_aliases" ("term" text_pattern_ops);`);
    this.addSql(
      `create index "game_aliases_term_trgm_idx" on "game_aliases" using gin ("term" gin_trgm_ops);`,
    );
    this.addSql(
      `alter table "game_aliases" add constraint "game_aliases_game_kind_term_unique" unique ("game_id", "kind", "term");`,
    );

    this.addSql(
      `create table "search_misses" ("term" varchar(100) not null, "count" int not null default 0, "first_searched_at" timestamptz not null default now(), "last_searched_at" timestamptz not null default now(), primary key ("term"));`,
    );
    this.addSql(`create index "search_misses_count_idx" on "search_misses" ("count" desc, "term");`);

    this.addSql(
      `alter table "game_aliases" add constraint "game_aliases_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );

    this.addSql(`create index "games_search_name_idx" on "games" ("search_name" text_pattern_ops);`);

    // The sort indexes carry the platforms, so a platform-filtered catalogue page is an index-only scan
    // (the schema diff does not compare index expressions: written by hand).
    for (const column of ['release_date', 'av_ratings', 'av_user_ratings']) {
      this.addSql(`drop index if exists "games_${column}_idx";`);
      this.addSql(
        `create index "games_${column}_idx" on "games" ("${column}" desc nulls last, "id" desc) include ("platforms");`,
      );
    }
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "game_aliases" cascade;`);
    this.addSql(`drop table if exists "search_misses" cascade;`);
    this.addSql(`drop index if exists "games_search_name_idx";`);
    for (const column of ['release_date', 'av_ratings', 'av_user_ratings']) {
      this.addSql(`drop index if exists "games_${column}_idx";`);
      this.addSql(`create index "games_${column}_idx" on "games" ("${column}" desc nulls last, "id" desc);`);
    }
  }
}
