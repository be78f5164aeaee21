import { EntityRepository } from '@mikro-orm/postgresql';
import type { MediaReview } from './media-review.entity.js';

export interface MediaReviewRow {
  id: number;
  outlet: string;
  logo: string | null;
  author: string | null;
  rating: number | null;
  rawScore: string | null;
  snippet: string | null;
  link: string | null;
  platform: string | null;
  publishedAt: string | null;
  /** From the outlet registry (outlets), null when unknown. */
  outletCountry: string | null;
  outletLanguage: string | null;
}

export class MediaReviewRepository extends EntityRepository<MediaReview> {
  /** Scored reviews first (highest first), then unscored ones; stable by id. */
  async findForGame(gameId: number, limit = 200): Promise<MediaReviewRow[]> {
    const rows = await this.em.getConnection().execute<Record<string, unknown>[]>(
      `select mr.id, mr.outlet, mr.logo, mr.author, mr.rating, mr.raw_score, mr.snippet, mr.link, mr.platform,
              to_char(mr.published_at, 'YYYY-MM-DD') as published_at, o.country, o.language
       from media_reviews mr left join outlets o on o.name = mr.outlet
       where mr.game_id = ?
       order by mr.rating desc nulls last, mr.published_at desc nulls last, mr.id limit ?`,
      [gameId, limit],
      'all',
    );
    return rows.map((row) => ({
      id: Number(row.id),
      outlet: String(row.outlet),
      logo: (row.logo as string | null) ?? null,
      author: (row.author as string | null) ?? null,
      rating: row.rating === null ? null : Number(row.rating),
      rawScore: (row.raw_score as string | null) ?? null,
      snippet: (row.snippet as string | null) ?? null,
      link: (row.link as string | null) ?? null,
      platform: (row.platform as string | null) ?? null,
      publishedAt: (row.published_at as string | null) ?? null,
      outletCountry: (row.country as string | null) ?? null,
      outletLanguage: (row.language as string | null) ?? null,
    }));
  }

  /**
   * Stores a page's reviews in one statement: a review already stored under the same dedupe key is
   * updated in place, so scraping the same page again never duplicates it.
   */
  async upsertScraped(
    gameId: number,
    sourceId: number | null,
    reviews: ScrapedMediaReview[],
  ): Promise<number> {
    if (reviews.length === 0) return 0;
    const rows = reviews.map((review) => ({
      outlet: review.outlet.slice(0, 200),
      logo: review.logo,
      author: review.author?.slice(0, 200) ?? null,
      raw_score: review.rawScore?.slice(0, 50) ?? null,
      scale: review.scale?.slice(0, 30) ?? null,
      rating: review.rating,
      snippet: review.snippet,
      link: review.link,
      platform: review.platform?.slice(0, 50) ?? null,
      published_at: review.publishedAt,
      dedupe_key: review.dedupeKey.slice(0, 600),
    }));
    await this.em.getConnection().execute(
      `insert into media_reviews (game_id, source_id, outlet, logo, author, raw_score, scale, rating, snippet, link,
         platform, published_at, dedupe_key)
       select ?, ?, x.outlet, x.logo, x.author, x.raw_score, x.scale, x.rating, x.snippet, x.link, x.platform,
         x.published_at, x.dedupe_key
       from jsonb_to_recordset(?::jsonb) as x(outlet text, logo text, author text, raw_score text, scale text,
         rating smallint, snippet text, link text, platform text, published_at date, dedupe_key text)
       on conflict (game_id, dedupe_key) do update set
         source_id = excluded.source_id, outlet = excluded.outlet, logo = coalesce(excluded.logo, media_reviews.logo),
         author = excluded.author, raw_score = excluded.raw_score, scale = excluded.scale, rating = excluded.rating,
         snippet = coalesce(excluded.snippet, media_reviews.snippet), link = excluded.link,
         platform = excluded.platform, published_at = coalesce(excluded.published_at, media_reviews.published_at),
         updated_at = now()`,
      [gameId, sourceId, JSON.stringify(rows)],
      'run',
      // Inside the caller's transaction when there is one (the scraped reviews commit with their outbox row).
      this.em.getTransactionContext(),
    );
    return rows.length;
  }
}

export interface ScrapedMediaReview {
  outlet: string;
  logo: string | null;
  author: string | null;
  rawScore: string | null;
  scale: string | null;
  rating: number | null;
  snippet: string | null;
  link: string | null;
  platform: string | null;
  /** YYYY-MM-DD */
  publishedAt: string | null;
  dedupeKey: string;
}
