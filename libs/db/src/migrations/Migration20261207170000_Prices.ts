import { Migration } from '@mikro-orm/migrations';

/** Prices per store (docs/CONTRACT.md §20): current offers, their snapshots and the poll's runs. */
export class Migration20261207170000_Prices extends Migration {
  override name = 'Migration20261207170000_Prices';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "price_offers" ("game_igdb_id" int not null, "store" varchar(20) not null, "platform" varchar(20) not null, "store_id" text not null, "url" text not null, "regular" int not null, "final" int not null, "discount_pct" smallint not null, "lowest30d" int null, "ends_at" timestamptz null, "checked_at" timestamptz not null, primary key ("game_igdb_id", "store", "platform"));`,
    );
    this.addSql(
      `create table "price_snapshots" ("id" bigserial primary key, "game_igdb_id" int not null, "store" varchar(20) not null, "platform" varchar(20) not null, "regular" int not null, "final" int not null, "discount_pct" smallint not null, "lowest30d" int null, "ends_at" timestamptz null, "seen_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "price_snapshots_game_idx" on "price_snapshots" ("game_igdb_id", "store", "seen_at");`,
    );
    this.addSql(
      `create table "price_runs" ("id" serial primary key, "store" varchar(20) not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "games" int not null, "changed" int not null, "failed" int not null);`,
    );
    this.addSql(`create index "price_runs_store_idx" on "price_runs" ("store", "started_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "price_runs" cascade;`);
    this.addSql(`drop table if exists "price_snapshots" cascade;`);
    this.addSql(`drop table if exists "price_offers" cascade;`);
  }
}
