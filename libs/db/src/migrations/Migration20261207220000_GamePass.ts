import { Migration } from '@mikro-orm/migrations';

/**
 * Game Pass (docs/CONTRACT.md §20): each product's stays in the service, known by its Microsoft Store id
 * (game_store_ids, store 'xbox', links it to a catalogue game).
 */
export class Migration20261207220000_GamePass extends Migration {
  override name = 'Migration20261207220000_GamePass';

  override up(): void | Promise<void> {
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
