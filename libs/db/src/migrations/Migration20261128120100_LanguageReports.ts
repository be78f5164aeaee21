import { Migration } from '@mikro-orm/migrations';

/** Players' reports of a game's Spanish ('Informar sobre los idiomas'), decided by the operator (section 13). */
export class Migration20261128120100_LanguageReports extends Migration {
  override name = 'Migration20261128120100_LanguageReports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "language_reports" ("id" serial primary key, "game_id" int not null, "reporter_id" int not null, "platform" varchar(20) not null, "locale" varchar(10) not null, "text" boolean null, "audio" boolean null, "interface" boolean null, "subtitles" boolean null, "note" text null, "created_at" timestamptz not null default now(), "decided_at" timestamptz null, "accepted" boolean null, "decision_reason" text null);`,
    );
    this.addSql(`create index "language_reports_game_idx" on "language_reports" ("game_id");`);
    this.addSql(`create index "language_reports_reporter_idx" on "language_reports" ("reporter_id");`);
    this.addSql(`create index "language_reports_decided_idx" on "language_reports" ("decided_at");`);
    this.addSql(
      `alter table "language_reports" add constraint "language_reports_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "language_reports" add constraint "language_reports_reporter_id_foreign" foreign key ("reporter_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "language_reports" cascade;`);
  }
}
