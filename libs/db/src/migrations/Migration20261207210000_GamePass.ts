import { Migration } from '@mikro-orm/migrations';

/**
 * Game Pass (docs/CONTRACT.md §20): each product's stays in the service, and the stores' ids of catalogue
 * games, created here only when no other migration has (the table is shared by every store's poll).
 */
export class Migration20261207210000_GamePass extends Migration {
  override name = 'Migration20261207210000_GamePass';

  override up(): void | Promise<void> {
    this.addSql(
      `create table if not exists "game_store_ids" ("id" serial primary key, "game_id" int not null references "games" ("id") on delete cascade, "store" text not null, "store_id" text not null, "source" text not null, "seen_at" timestamptz not null default now(), unique ("game_id", "store", "store_id"));`,
    );
    this.addSql(
      `create table "subscription_memberships" ("id" serial primary key, "service" varchar(20) not null, "store_id" text not null, "since" timestamptz not null, "leaving" timestamptz null, "left_at" timestamptz null, "seen_at" timestamptz not null);`,
    );
    this.addSql(
      `create unique index "subscription_memberships_open_unique" on "subscription_memberships" ("service", "store_id") where "left_at" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "subscription_memberships" cascade;`);
  }
}
