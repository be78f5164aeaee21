import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { jsonRecordset } from '../json-recordset.js';
import { typedRows, typedSql } from '../typed-sql.js';
import type { Database } from '../typed-sql.js';
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
  /** The outlet's page (/medios/{slug}); null for an outlet outside the registry. */
  outletSlug: string | null;
}

/** A scraped review as stored (the entity's properties): the batch's rows. */
type ScrapedRow = Pick<
  Selectable<Database['MediaReview']>,
  | 'outlet'
  | 'logo'
  | 'author'
  | 'rawScore'
  | 'scale'
  | 'rating'
  | 'snippet'
  | 'link'
  | 'platform'
  | 'publishedAt'
  | 'dedupeKey'
>;

export class MediaReviewRepository extends EntityRepository<MediaReview> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Scored reviews first (highest first), then unscored ones; stable by id. */
  /**
   * Every column is selected under the name its row type gives, so the rows are read without the Kysely
   * plugin's result pass (typedRows): a game page with 150 reviews would spend milliseconds in it.
   */
  async findForGame(gameId: number, limit = 200): Promise<MediaReviewRow[]> {
    const query = this.db
      .selectFrom('MediaReview as mr')
      .leftJoin('Outlet as o', 'o.name', 'mr.outlet')
      .select([
        'mr.id',
        'mr.outlet',
        'mr.logo',
        'mr.author',
        'mr.rating',
        'mr.rawScore as rawScore',
        'mr.snippet',
        'mr.link',
        'mr.platform',
        'o.country as outletCountry',
        'o.language as outletLanguage',
        'o.slug as outletSlug',
      ])
      .select((select) =>
        sql<string | null>`to_char(${select.ref('mr.publishedAt')}, 'YYYY-MM-DD')`.as('publishedAt'),
      )
      .where('mr.game', '=', gameId)
      .orderBy('mr.rating', (order) => order.desc().nullsLast())
      .orderBy('mr.publishedAt', (order) => order.desc().nullsLast())
      .orderBy('mr.id')
      .limit(limit);
    const rows = await typedRows(this.getEntityManager(), query);
    return rows.map((row) => ({
      id: Number(row.id),
      outlet: String(row.outlet),
      logo: row.logo ?? null,
      author: row.author ?? null,
      rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
      rawScore: row.rawScore ?? null,
      snippet: row.snippet ?? null,
      link: row.link ?? null,
      platform: row.platform ?? null,
      publishedAt: row.publishedAt ?? null,
      outletCountry: row.outletCountry ?? null,
      outletLanguage: row.outletLanguage ?? null,
      outletSlug: row.outletSlug ?? null,
    }));
  }

  /**
   * Stores a page's reviews in one statement: a review already stored under the same dedupe key is
   * updated in place, so scraping the same page again never duplicates it. Inside the caller's
   * transaction when there is one (the scraped reviews commit with their outbox row).
   */
  async upsertScraped(
    gameId: number,
    sourceId: number | null,
    reviews: ScrapedMediaReview[],
  ): Promise<number> {
    if (reviews.length === 0) return 0;
    const rows: ScrapedRow[] = reviews.map((review) => ({
      outlet: review.outlet.slice(0, 200),
      logo: review.logo,
      author: review.author?.slice(0, 200) ?? null,
      rawScore: review.rawScore?.slice(0, 50) ?? null,
      scale: review.scale?.slice(0, 30) ?? null,
      rating: review.rating,
      snippet: review.snippet,
      link: review.link,
      platform: review.platform?.slice(0, 50) ?? null,
      publishedAt: review.publishedAt,
      dedupeKey: review.dedupeKey.slice(0, 600),
    }));
    const batch = jsonRecordset('x', rows, {
      outlet: 'text',
      logo: 'text',
      author: 'text',
      rawScore: 'text',
      scale: 'text',
      rating: 'smallint',
      snippet: 'text',
      link: 'text',
      platform: 'text',
      publishedAt: 'date',
      dedupeKey: 'text',
    });
    const columns = [
      'outlet',
      'logo',
      'author',
      'rawScore',
      'scale',
      'rating',
      'snippet',
      'link',
      'platform',
      'publishedAt',
      'dedupeKey',
    ] as const;
    await this.db
      .insertInto('MediaReview')
      .columns(['game', 'source', ...columns])
      .expression((insert) =>
        insert
          .selectFrom(batch.table)
          .select([
            sql<number>`${gameId}::int`.as('game'),
            sql<number | null>`${sourceId}::int`.as('source'),
            ...batch.select(...columns),
          ]),
      )
      .onConflict((conflict) =>
        conflict.columns(['game', 'dedupeKey']).doUpdateSet((update) => ({
          source: update.ref('excluded.source'),
          outlet: update.ref('excluded.outlet'),
          logo: update.fn.coalesce('excluded.logo', 'MediaReview.logo'),
          author: update.ref('excluded.author'),
          rawScore: update.ref('excluded.rawScore'),
          scale: update.ref('excluded.scale'),
          rating: update.ref('excluded.rating'),
          snippet: update.fn.coalesce('excluded.snippet', 'MediaReview.snippet'),
          link: update.ref('excluded.link'),
          platform: update.ref('excluded.platform'),
          publishedAt: update.fn.coalesce('excluded.publishedAt', 'MediaReview.publishedAt'),
          updatedAt: sql<Date>`now()`,
        })),
      )
      .execute();
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
