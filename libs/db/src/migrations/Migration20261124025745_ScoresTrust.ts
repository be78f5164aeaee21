import { Migration } from '@mikro-orm/migrations';

export class Migration20261124025745_ScoresTrust extends Migration {
  override name = 'Migration20261124025745_ScoresTrust';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outlets" ("id" serial primary key, "name" varchar(200) not null, "country" varchar(2) null, "language" varchar(2) null, "domain" varchar(200) null, "median_score" smallint null, "median_computed_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "outlets" add constraint "outlets_name_unique" unique ("name");`);

    this.addSql(`drop index "games_av_user_ratings_idx";`);
    this.addSql(
      `alter table "games" add "critic_median" smallint null, add "critic_histogram" int[] not null default '{0,0,0,0,0,0,0,0,0,0}', add "critic_percent_recommended" smallint null, add "spanish_press_average" smallint null, add "spanish_press_count" int not null default 0, add "player_histogram" int[] not null default '{0,0,0,0,0,0,0,0,0,0}', add "player_rank_score" real null;`,
    );
    this.addSql(
      `create index "games_player_rank_score_idx" on "games" ("player_rank_score" desc nulls last, "id" desc) include ("platforms");`,
    );

    this.addSql(`create index "media_reviews_outlet_idx" on "media_reviews" ("outlet");`);

    // Existing ratings rank at once (m = 10, C = 70, as GameRepository.recalculateAverages); the other
    // figures need the outlet registry, which the seed loads (demo seed version 3) with a full recalculation.
    this
      .addSql(`update "games" g set "player_rank_score" = ((r.total * r.mean + 10 * 70) / (r.total + 10))::real
      from (select game_id, count(*) as total, avg(score) as mean from ratings group by game_id) r
      where g.id = r.game_id;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outlets" cascade;`);

    this.addSql(`drop index "games_player_rank_score_idx";`);
    this.addSql(
      `alter table "games" drop column "critic_median", drop column "critic_histogram", drop column "critic_percent_recommended", drop column "spanish_press_average", drop column "spanish_press_count", drop column "player_histogram", drop column "player_rank_score";`,
    );
    this.addSql(
      `create index "games_av_user_ratings_idx" on "games" ("av_user_ratings" DESC nulls LAST, "id" DESC) include ("platforms");`,
    );

    this.addSql(`drop index "media_reviews_outlet_idx";`);
  }
}
