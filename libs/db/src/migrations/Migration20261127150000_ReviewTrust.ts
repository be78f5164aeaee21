import { Migration } from '@mikro-orm/migrations';

/**
 * Player reviews people can trust (docs/CONTRACT.md §14): helpful votes (one per reader and review),
 * the author's spoiler mark, reports with the administrator's decision, and reviews hidden after one.
 */
export class Migration20261127150000_ReviewTrust extends Migration {
  override name = 'Migration20261127150000_ReviewTrust';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "review_votes" ("id" serial primary key, "review_id" int not null, "user_id" int not null, "helpful" boolean not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "review_votes_user_idx" on "review_votes" ("user_id");`);
    this.addSql(
      `alter table "review_votes" add constraint "review_votes_review_user_unique" unique ("review_id", "user_id");`,
    );

    this.addSql(
      `create table "review_reports" ("id" serial primary key, "review_id" int not null, "reporter_id" int not null, "reason" text not null, "note" text null, "created_at" timestamptz not null default now(), "decided_at" timestamptz null, "action" text null, "decision_reason" text null);`,
    );
    this.addSql(`create index "review_reports_review_idx" on "review_reports" ("review_id");`);
    this.addSql(`create index "review_reports_decided_idx" on "review_reports" ("decided_at");`);

    this.addSql(
      `alter table "user_reviews" add "spoiler" boolean not null default false, add "hidden_at" timestamptz null;`,
    );

    this.addSql(
      `alter table "review_votes" add constraint "review_votes_review_id_foreign" foreign key ("review_id") references "user_reviews" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "review_votes" add constraint "review_votes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "review_reports" add constraint "review_reports_review_id_foreign" foreign key ("review_id") references "user_reviews" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "review_reports" add constraint "review_reports_reporter_id_foreign" foreign key ("reporter_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "review_votes" cascade;`);
    this.addSql(`drop table if exists "review_reports" cascade;`);

    this.addSql(`alter table "user_reviews" drop column "spoiler", drop column "hidden_at";`);
  }
}
