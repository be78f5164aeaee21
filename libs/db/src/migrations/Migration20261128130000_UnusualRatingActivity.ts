import { Migration } from '@mikro-orm/migrations';

/**
 * Unusual rating activity (docs/CONTRACT.md §14): the windows the detector flags on a game, and on
 * each rating the flagged window that leaves it out of the player average.
 */
export class Migration20261128130000_UnusualRatingActivity extends Migration {
  override name = 'Migration20261128130000_UnusualRatingActivity';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "unusual_activity_windows" ("id" serial primary key, "game_id" int not null, "from_day" date not null, "to_day" date not null, "rating_count" int not null, "excluded_count" int not null default 0, "status" text not null default 'flagged', "evidence" jsonb not null, "detected_at" timestamptz not null default now(), "dismissed_at" timestamptz null, constraint unusual_activity_windows_status_known check (status in ('flagged', 'dismissed')));`,
    );
    this.addSql(
      `create index "unusual_activity_windows_game_idx" on "unusual_activity_windows" ("game_id");`,
    );
    this.addSql(
      `create index "unusual_activity_windows_status_idx" on "unusual_activity_windows" ("status", "detected_at");`,
    );
    this.addSql(
      `alter table "unusual_activity_windows" add constraint "unusual_activity_windows_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );

    this.addSql(`alter table "ratings" add "excluded_by_id" int null;`);
    this.addSql(`create index "ratings_excluded_by_idx" on "ratings" ("excluded_by_id");`);
    this.addSql(`create index "ratings_updated_idx" on "ratings" ("updated_at");`);
    this.addSql(
      `alter table "ratings" add constraint "ratings_excluded_by_id_foreign" foreign key ("excluded_by_id") references "unusual_activity_windows" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "ratings" drop constraint "ratings_excluded_by_id_foreign";`);
    this.addSql(`drop index "ratings_excluded_by_idx";`);
    this.addSql(`drop index "ratings_updated_idx";`);
    this.addSql(`alter table "ratings" drop column "excluded_by_id";`);
    this.addSql(`drop table if exists "unusual_activity_windows" cascade;`);
  }
}
