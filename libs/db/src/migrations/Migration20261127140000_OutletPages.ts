import { Migration } from '@mikro-orm/migrations';

/**
 * Outlet pages (section 15): each outlet's slug and precomputed figures, and outlet_game_scores, one row per
 * outlet and game it scored, compared with the other outlets. Filled by the stats refresh (the
 * recalculation job per game, in full after an import and by the daily refresh-outlet-stats job).
 */
export class Migration20261127140000_OutletPages extends Migration {
  override name = 'Migration20261127140000_OutletPages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outlet_game_scores" ("id" serial primary key, "outlet_id" int not null, "game_id" int not null, "score" double precision not null, "others_count" int not null, "others_mean" double precision null, "difference" double precision null);`,
    );
    this.addSql(`create index "outlet_game_scores_game_idx" on "outlet_game_scores" ("game_id");`);
    this.addSql(
      `create index "outlet_game_scores_outlet_difference_idx" on "outlet_game_scores" ("outlet_id", "difference");`,
    );
    this.addSql(
      `alter table "outlet_game_scores" add constraint "outlet_game_scores_outlet_game_unique" unique ("outlet_id", "game_id");`,
    );
    this.addSql(
      `alter table "outlet_game_scores" add constraint "outlet_game_scores_outlet_id_foreign" foreign key ("outlet_id") references "outlets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "outlet_game_scores" add constraint "outlet_game_scores_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "outlets" add column "slug" varchar(200) null, add column "review_count" int not null default 0, add column "average_score" double precision null, add column "deviation_games" int not null default 0, add column "deviation_mean" double precision null, add column "deviation_stdev" double precision null;`,
    );
    this.addSql(`alter table "outlets" add constraint "outlets_slug_unique" unique ("slug");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outlet_game_scores" cascade;`);
    this.addSql(`alter table "outlets" drop constraint "outlets_slug_unique";`);
    this.addSql(
      `alter table "outlets" drop column "slug", drop column "review_count", drop column "average_score", drop column "deviation_games", drop column "deviation_mean", drop column "deviation_stdev";`,
    );
  }
}
