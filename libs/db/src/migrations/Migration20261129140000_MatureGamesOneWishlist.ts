import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's sort indexes, by name: [name, column, partial condition]. The add-on migration rebuilds the
 * same ones.
 */
export const SORT_INDEXES: [string, string, string][] = [
  ['games_release_date_idx', 'release_date', ''],
  ['games_av_ratings_idx', 'av_ratings', ''],
  ['games_player_rank_score_idx', 'player_rank_score', ''],
  ...(['audio', 'text'] as const).flatMap((kind): [string, string, string][] =>
    ['release_date', 'av_ratings', 'player_rank_score'].map((column) => [
      `games_spanish_${kind}_${column}_idx`,
      column,
      ` where "spanish_${kind}" = 'yes'`,
    ]),
  ),
];

const createIndexes = (include: string) =>
  SORT_INDEXES.map(
    ([name, column, where]) =>
      `create index "${name}" on "games" ("${column}" desc nulls last, "id" desc) include (${include})${where};`,
  );

/**
 * docs/CONTRACT.md §16. Adult games (IGDB's 'Erotic' theme, or a title word as in games/mature.ts) are
 * marked and left out of the catalogue unless asked for; the sort indexes carry the mark so a page is
 * still an index-only walk. And 'Lo quiero' folds into 'Deseados': every entry moves to the user's
 * 'Deseados' (created when missing; a game in both stays once, with its earlier date), then the list goes.
 */
export class Migration20261129140000_MatureGamesOneWishlist extends Migration {
  override name = 'Migration20261129140000_MatureGamesOneWishlist';

  override up(): void | Promise<void> {
    this.addSql(`alter table "games" add column "mature" boolean not null default false;`);
    this.addSql(
      `update "games" set "mature" = true where "title" ~* '(^|[^[:alnum:]])(hentai|porn|porno|xxx|nsfw|erotic|erotica|eroge|sex|nude)($|[^[:alnum:]])';`,
    );
    for (const [name] of SORT_INDEXES) this.addSql(`drop index if exists "${name}";`);
    for (const statement of createIndexes('"platforms", "mature"')) this.addSql(statement);

    this.addSql(
      `insert into "game_lists" ("user_id", "name", "name_key", "reserved") select "user_id", 'Deseados', 'deseados', true from "game_lists" where "name_key" = 'lo quiero' on conflict ("user_id", "name_key") do nothing;`,
    );
    this.addSql(
      `insert into "game_list_entries" ("list_id", "game_id", "added_at") select "wish"."id", "e"."game_id", "e"."added_at" from "game_list_entries" "e" join "game_lists" "l" on "l"."id" = "e"."list_id" and "l"."name_key" = 'lo quiero' join "game_lists" "wish" on "wish"."user_id" = "l"."user_id" and "wish"."name_key" = 'deseados' on conflict ("list_id", "game_id") do update set "added_at" = least("game_list_entries"."added_at", excluded."added_at");`,
    );
    this.addSql(`delete from "game_lists" where "name_key" = 'lo quiero';`);
  }

  override down(): void | Promise<void> {
    // The merged entries stay in 'Deseados': which of them came from 'Lo quiero' is not kept.
    this.addSql(
      `insert into "game_lists" ("user_id", "name", "name_key", "reserved") select "id", 'Lo quiero', 'lo quiero', true from "users" on conflict ("user_id", "name_key") do nothing;`,
    );
    for (const [name] of SORT_INDEXES) this.addSql(`drop index if exists "${name}";`);
    for (const statement of createIndexes('"platforms"')) this.addSql(statement);
    this.addSql(`alter table "games" drop column "mature";`);
  }
}
