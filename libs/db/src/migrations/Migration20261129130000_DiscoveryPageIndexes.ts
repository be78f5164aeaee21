import { Migration } from '@mikro-orm/migrations';

/**
 * Deep outlet and best-of pages (section 15) read in their own order. An outlet's reviews page walked
 * every review of the outlet, joined each to its game and sorted them all to keep twenty (IGN: 2,843
 * reviews joined for each page); the page now comes off an index in the page's order, its game and
 * score in the index too, and only the page's rows are joined. A best-of list (games with a shown critic
 * average, about 1 % of the catalogue) gets a partial index in the list's order holding its filters'
 * columns, so a page and its count are index walks over the ranked games only.
 */
export class Migration20261129130000_DiscoveryPageIndexes extends Migration {
  override name = 'Migration20261129130000_DiscoveryPageIndexes';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "media_reviews_outlet_published_idx" on "media_reviews" ("outlet", "published_at" desc nulls last, "id" desc) include ("game_id", "rating");`,
    );
    this.addSql(`drop index if exists "media_reviews_outlet_idx";`);
    this.addSql(
      `create index "games_best_of_idx" on "games" ("av_ratings" desc, "critic_review_count" desc, "id") include ("release_date", "platforms", "genres", "genres_es") where "av_ratings" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "games_best_of_idx";`);
    this.addSql(`create index "media_reviews_outlet_idx" on "media_reviews" ("outlet");`);
    this.addSql(`drop index if exists "media_reviews_outlet_published_idx";`);
  }
}
