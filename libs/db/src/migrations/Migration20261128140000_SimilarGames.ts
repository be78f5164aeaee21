import { Migration } from '@mikro-orm/migrations';

/** Similar games (section 15): up to 12 per game with a Spanish reason, written by the similar-games job. */
export class Migration20261128140000_SimilarGames extends Migration {
  override name = 'Migration20261128140000_SimilarGames';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "similar_games" ("id" serial primary key, "game_id" int not null, "similar_id" int not null, "rank" smallint not null, "score" double precision not null, "reason" text not null, "computed_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "similar_games_game_idx" on "similar_games" ("game_id");`);
    this.addSql(
      `alter table "similar_games" add constraint "similar_games_game_similar_unique" unique ("game_id", "similar_id");`,
    );
    this.addSql(
      `alter table "similar_games" add constraint "similar_games_game_id_foreign" foreign key ("game_id") references "games" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "similar_games" add constraint "similar_games_similar_id_foreign" foreign key ("similar_id") references "games" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "similar_games" cascade;`);
  }
}
