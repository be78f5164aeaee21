import { Migration } from '@mikro-orm/migrations';

/**
 * The recent-games discovery job (issue 30): what it found and refused, and which sources it added (re-read
 * while reviews keep arriving, not forever like an operator's).
 */
export class Migration20261129160000_ReviewDiscovery extends Migration {
  override name = 'Migration20261129160000_ReviewDiscovery';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "review_discoveries" ("id" serial primary key, "game_id" int not null, "url" text not null, "origin" varchar(20) not null, "outcome" varchar(20) not null, "reason" text null, "review_count" int not null default 0, "checked_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "review_discoveries_checked_idx" on "review_discoveries" ("checked_at");`);
    this.addSql(
      `alter table "review_discoveries" add constraint "review_discoveries_game_url_unique" unique ("game_id", "url");`,
    );
    this.addSql(
      `alter table "review_discoveries" add constraint "review_discoveries_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "scraper_sources" add column "discovered" boolean not null default false;`);
    this.addSql(`alter table "scraper_sources" add column "reviews_grew_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "scraper_sources" drop column "reviews_grew_at";`);
    this.addSql(`alter table "scraper_sources" drop column "discovered";`);
    this.addSql(`drop table if exists "review_discoveries" cascade;`);
  }
}
