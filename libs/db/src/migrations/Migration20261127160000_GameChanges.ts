import { Migration } from '@mikro-orm/migrations';

/** game_changes: every change of a game's release date, its precision or platforms (the alerts' source). */
export class Migration20261127160000_GameChanges extends Migration {
  override name = 'Migration20261127160000_GameChanges';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "game_changes" ("id" bigserial primary key, "game_igdb_id" int not null, "what" text[] not null, "before" jsonb not null, "after" jsonb not null, "changed_at" timestamptz not null default now(), "changed_by" varchar(20) not null);`,
    );
    this.addSql(`create index "game_changes_game_idx" on "game_changes" ("game_igdb_id", "changed_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "game_changes" cascade;`);
  }
}
