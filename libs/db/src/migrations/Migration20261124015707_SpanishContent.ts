import { Migration } from '@mikro-orm/migrations';

export class Migration20261124015707_SpanishContent extends Migration {
  override name = 'Migration20261124015707_SpanishContent';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "games" add "release_date_precision" varchar(10) null, add "title_es" varchar(300) null, add "summary_es" text null, add "summary_es_source" varchar(20) null, add "translation_failed_at" timestamptz null, add "genres_es" text[] not null default '{}';`,
    );
    // Rows already stored get what the importers now decide (release-date.ts): placeholders decades
    // ahead become unknown, and an upcoming last day of a year or quarter stands for the year or quarter.
    this.addSql(
      `update "games" set "release_date" = null where "release_date" > current_date + interval '10 years';`,
    );
    this.addSql(`update "games" set "release_date_precision" = case
      when "release_date" is null then null
      when "release_date" > current_date and to_char("release_date", 'MM-DD') = '12-31' then 'year'
      when "release_date" > current_date and to_char("release_date", 'MM-DD') in ('03-31', '06-30', '09-30') then 'quarter'
      else 'day' end;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "games" drop column "release_date_precision", drop column "title_es", drop column "summary_es", drop column "summary_es_source", drop column "translation_failed_at", drop column "genres_es";`,
    );
  }
}
