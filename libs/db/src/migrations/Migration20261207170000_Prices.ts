import { Migration } from '@mikro-orm/migrations';

/** Prices per store (docs/CONTRACT.md §20): current offers, their snapshots, the poll's runs, readers' thresholds and the price of a price alert. */
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
    this.addSql(
      `create table "price_alerts" ("user_id" int not null, "game_igdb_id" int not null, "price_below" int not null, "created_at" timestamptz not null default now(), primary key ("user_id", "game_igdb_id"));`,
    );
    this.addSql(
      `alter table "price_alerts" add constraint "price_alerts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "alerts" add column "price_cents" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "alerts" drop column "price_cents";`);
    this.addSql(`drop table if exists "price_alerts" cascade;`);
    this.addSql(`drop table if exists "price_runs" cascade;`);
    this.addSql(`drop table if exists "price_snapshots" cascade;`);
    this.addSql(`drop table if exists "price_offers" cascade;`);
  }
}
