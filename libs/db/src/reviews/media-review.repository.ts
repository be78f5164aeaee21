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
}

export class MediaReviewRepository extends EntityRepository<MediaReview> {
  /** Scored reviews first (highest first), then unscored ones; stable by id. */
  async findForGame(gameId: number, limit = 200): Promise<MediaReviewRow[]> {
    const rows = await this.em.getConnection().execute<Record<string, unknown>[]>(
      `select id, outlet, logo, author, rating, raw_score, snippet, link, platform,
              to_char(published_at, 'YYYY-MM-DD') as published_at
       from media_reviews where game_id = ?
       order by rating desc nulls last, published_at desc nulls last, id limit ?`,
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
    }));
  }
}
