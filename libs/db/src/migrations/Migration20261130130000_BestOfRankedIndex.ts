import { Migration } from '@mikro-orm/migrations';

/**
 * Best-of lists (section 15) leave adult titles out, and games_best_of_idx did not hold the adult mark:
 * the planner then read every ranked game's heap row (a bitmap scan of the 1,761 ranked games of the large
 * catalogue, 20-50 ms a page or count) instead of walking the index. The index now holds the ranked
 * games that are not adult only, so a page and its count are index-only walks (0.2-0.6 ms).
 */
export class Migration20261130130000_BestOfRankedIndex extends Migration {
  override name = 'Migration20261130130000_BestOfRankedIndex';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "games_best_of_idx";`);
    this.addSql(
      `create index "games_best_of_idx" on "games" ("av_ratings" desc, "critic_review_count" desc, "id") include ("release_date", "platforms", "genres", "genres_es") where "av_ratings" is not null and not "mature";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "games_best_of_idx";`);
    this.addSql(
      `create index "games_best_of_idx" on "games" ("av_ratings" desc, "critic_review_count" desc, "id") include ("release_date", "platforms", "genres", "genres_es") where "av_ratings" is not null;`,
    );
  }
}
