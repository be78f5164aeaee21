import { Migration } from '@mikro-orm/migrations';

/** 'En Steam, en español' (docs/CONTRACT.md §20): each game's Steam reviews in Spanish as the price poll last read them. */
export class Migration20261207200000_SteamSpanishReviews extends Migration {
  override name = 'Migration20261207200000_SteamSpanishReviews';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "steam_spanish_reviews" ("game_igdb_id" int not null, "app_id" text not null, "positive" int not null, "total" int not null, "checked_at" timestamptz not null, primary key ("game_igdb_id"));`,
    );
    this.addSql(
      `create index "steam_spanish_reviews_checked_idx" on "steam_spanish_reviews" ("checked_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "steam_spanish_reviews" cascade;`);
  }
}
