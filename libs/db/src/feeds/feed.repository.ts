import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedSql } from '../typed-sql.js';

export interface FeedNewsRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  link: string;
  medium: string;
  publicationDate: Date | null;
  createdAt: Date;
}

export interface FeedReviewRow {
  id: number;
  igdbId: number;
  slug: string;
  title: string;
  outlet: string;
  author: string | null;
  rating: number | null;
  rawScore: string | null;
  snippet: string | null;
  link: string | null;
  platform: string | null;
  publishedAt: string | null;
  createdAt: Date;
}

export interface FeedReleaseRow {
  igdbId: number;
  slug: string;
  title: string;
  releaseDate: string;
  releaseDatePrecision: string | null;
  platforms: string[];
  imageCover: string | null;
  summaryEs: string | null;
  updatedAt: Date;
}

/** The rows of the open feeds (section 15): newest first, bounded, read from a replica when there is one. */
export class FeedRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db() {
    return typedSql(this.em, currentReadRoute());
  }

  async latestNews(limit: number): Promise<FeedNewsRow[]> {
    const rows = await this.db
      .selectFrom('NewsArticle as n')
      .select([
        'n.id',
        'n.slug',
        'n.title',
        'n.description',
        'n.image',
        'n.link',
        'n.medium',
        'n.publicationDate',
        'n.createdAt',
      ])
      .orderBy('n.publicationDate', (order) => order.desc().nullsLast())
      .orderBy('n.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      image: row.image ?? null,
      publicationDate: row.publicationDate ?? null,
    }));
  }

  /** A game's media reviews, the ones Veredicto learnt of last first (a feed tells what is new here). */
  async gameReviews(igdbId: number, limit: number): Promise<FeedReviewRow[]> {
    return this.reviews(this.reviewQuery().where('g.igdbId', '=', igdbId), limit);
  }

  async outletReviews(outletName: string, limit: number): Promise<FeedReviewRow[]> {
    return this.reviews(this.reviewQuery().where('mr.outlet', '=', outletName), limit);
  }

  /** Games on a platform (its display name) released after today, soonest first. */
  async upcomingReleases(platform: string, limit: number): Promise<FeedReleaseRow[]> {
    const rows = await this.db
      .selectFrom('Game as g')
      .select([
        'g.igdbId',
        'g.slug',
        'g.title',
        'g.releaseDate',
        'g.releaseDatePrecision',
        'g.platforms',
        'g.imageCover',
        'g.summaryEs',
        'g.updatedAt',
      ])
      .where('g.releaseDate', '>', sql<string>`current_date`)
      // Adult titles stay out, as out of the home's upcoming list (section 16).
      .where('g.mature', '=', false)
      .where(sql<boolean>`${sql.ref('g.platforms')} @> array[${platform}]::text[]`)
      .orderBy('g.releaseDate', 'asc')
      .orderBy('g.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      igdbId: Number(row.igdbId),
      releaseDate: row.releaseDate!,
      releaseDatePrecision: row.releaseDatePrecision ?? null,
      imageCover: row.imageCover ?? null,
      summaryEs: row.summaryEs ?? null,
    }));
  }

  private async reviews(
    query: ReturnType<FeedRepository['reviewQuery']>,
    limit: number,
  ): Promise<FeedReviewRow[]> {
    const rows = await query.orderBy('mr.createdAt', 'desc').orderBy('mr.id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: Number(row.id),
      igdbId: Number(row.igdbId),
      slug: row.slug,
      title: row.title,
      outlet: row.outlet,
      author: row.author ?? null,
      rating: row.rating ?? null,
      rawScore: row.rawScore ?? null,
      snippet: row.snippet ?? null,
      link: row.link ?? null,
      platform: row.platform ?? null,
      publishedAt: row.publishedAt ?? null,
      createdAt: row.createdAt,
    }));
  }

  private reviewQuery() {
    return this.db
      .selectFrom('MediaReview as mr')
      .innerJoin('Game as g', 'g.id', 'mr.game')
      .select([
        'mr.id',
        'g.igdbId',
        'g.slug',
        'g.title',
        'mr.outlet',
        'mr.author',
        'mr.rating',
        'mr.rawScore',
        'mr.snippet',
        'mr.link',
        'mr.platform',
        'mr.publishedAt',
        'mr.createdAt',
      ]);
  }
}
