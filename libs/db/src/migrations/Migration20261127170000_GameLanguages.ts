import { Migration } from '@mikro-orm/migrations';

/**
 * docs/CONTRACT.md §13: what each source says of a game's Spanish voices and texts (game_languages), every
 * version of it (game_language_changes), and the verdict cards and filters read (games.spanish_*).
 */
export class Migration20261127170000_GameLanguages extends Migration {
  override name = 'Migration20261127170000_GameLanguages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "game_languages" ("id" serial primary key, "game_id" int not null, "platform" varchar(20) null, "locale" varchar(10) not null, "text" boolean null, "audio" boolean null, "interface" boolean null, "subtitles" boolean null, "source" varchar(10) not null, "source_ref" text null, "as_of" varchar(10) not null, "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "game_languages_game_idx" on "game_languages" ("game_id");`);
    this.addSql(
      `create unique index "game_languages_entry_unique" on "game_languages" ("game_id", "platform", "locale", "source") nulls not distinct;`,
    );
    this.addSql(
      `alter table "game_languages" add constraint "game_languages_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "game_language_changes" ("id" serial primary key, "game_id" int not null, "platform" varchar(20) null, "locale" varchar(10) not null, "text" boolean null, "audio" boolean null, "interface" boolean null, "subtitles" boolean null, "source" varchar(10) not null, "source_ref" text null, "as_of" varchar(10) not null, "changed_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "game_language_changes_game_idx" on "game_language_changes" ("game_id");`);
    this.addSql(
      `alter table "game_language_changes" add constraint "game_language_changes_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "games" add column "spanish_audio" varchar(10) not null default 'unknown';`);
    this.addSql(`alter table "games" add column "spanish_text" varchar(10) not null default 'unknown';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "games" drop column "spanish_audio", drop column "spanish_text";`);
    this.addSql(`drop table if exists "game_language_changes" cascade;`);
    this.addSql(`drop table if exists "game_languages" cascade;`);
  }
}
