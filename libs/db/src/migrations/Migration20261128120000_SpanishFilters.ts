import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's `spanish=audio|text` filter (docs/CONTRACT.md §13): each ordering's index again, only
 * over the games whose verdict says yes (a few percent of the catalogue), so a filtered page is an
 * index-only walk like an unfiltered one.
 */
export class Migration20261128120000_SpanishFilters extends Migration {
  override name = 'Migration20261128120000_SpanishFilters';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "games_spanish_audio_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms") where "spanish_audio" = 'yes';`,
    );
    this.addSql(
      `create index "games_spanish_audio_av_ratings_idx" on "games" ("av_ratings" desc nulls last, "id" desc) include ("platforms") where "spanish_audio" = 'yes';`,
    );
    this.addSql(
      `create index "games_spanish_audio_player_rank_score_idx" on "games" ("player_rank_score" desc nulls last, "id" desc) include ("platforms") where "spanish_audio" = 'yes';`,
    );
    this.addSql(
      `create index "games_spanish_text_release_date_idx" on "games" ("release_date" desc nulls last, "id" desc) include ("platforms") where "spanish_text" = 'yes';`,
    );
    this.addSql(
      `create index "games_spanish_text_av_ratings_idx" on "games" ("av_ratings" desc nulls last, "id" desc) include ("platforms") where "spanish_text" = 'yes';`,
    );
    this.addSql(
      `create index "games_spanish_text_player_rank_score_idx" on "games" ("player_rank_score" desc nulls last, "id" desc) include ("platforms") where "spanish_text" = 'yes';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "games_spanish_audio_release_date_idx";`);
    this.addSql(`drop index if exists "games_spanish_audio_av_ratings_idx";`);
    this.addSql(`drop index if exists "games_spanish_audio_player_rank_score_idx";`);
    this.addSql(`drop index if exists "games_spanish_text_release_date_idx";`);
    this.addSql(`drop index if exists "games_spanish_text_av_ratings_idx";`);
    this.addSql(`drop index if exists "games_spanish_text_player_rank_score_idx";`);
  }
}
