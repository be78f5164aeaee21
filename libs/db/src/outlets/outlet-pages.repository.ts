import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedRows, typedSql } from '../typed-sql.js';
import {
  DIFFERENCES_BY_SLUG,
  OUTLET_BY_SLUG,
  REVIEWS_BY_SLUG,
  type OutletCall,
} from './outlet-page-queries.js';

export { DIFFERENCE_BIN_WIDTH, type OutletCall } from './outlet-page-queries.js';

export interface OutletRow {
  id: number;
  slug: string;
  name: string;
  country: string | null;
  language: string | null;
  domain: string | null;
  reviewCount: number;
  averageScore: number | null;
  deviationGames: number;
  deviationMean: number | null;
  deviationStdev: number | null;
}

export interface OutletFilter {
  q?: string;
  country?: string;
  language?: string;
  page: number;
  size: number;
}

export interface OutletAgreementRow {
  games: number;
  meanDifference: number | null;
  meanAbsoluteDifference: number | null;
  correlation: number | null;
}

const OUTLET_COLUMNS = [
  'o.id',
  'o.slug',
  'o.name',
  'o.country',
  'o.language',
  'o.domain',
  'o.reviewCount',
  'o.averageScore',
  'o.deviationGames',
  'o.deviationMean',
  'o.deviationStdev',
] as const;

/**
 * The API's outlet pages (section 15): the list, an outlet, its reviews, its chart of differences and a
 * reader's agreement with it. What a page reads is precomputed (OutletFiguresRepository), so a page reads one
 * row and an index range whatever the catalogue's size.
 */
export class OutletPagesRepository {
  constructor(private readonly em: SqlEntityManager) {}

  private get db() {
    return typedSql(this.em);
  }

  /** Outlets with at least one review, most reviews first; `q` matches a part of the name. */
  async findPage(filter: OutletFilter): Promise<{ rows: OutletRow[]; total: number }> {
    const base = this.db
      .selectFrom('Outlet as o')
      .where('o.reviewCount', '>', 0)
      .where('o.slug', 'is not', null)
      .$if(Boolean(filter.q), (query) =>
        query.where(
          sql<boolean>`unaccent(lower(${sql.ref('o.name')})) like unaccent(lower(${`%${escapeLike(filter.q ?? '')}%`}))`,
        ),
      )
      .$if(Boolean(filter.country), (query) => query.where('o.country', '=', filter.country ?? ''))
      .$if(Boolean(filter.language), (query) => query.where('o.language', '=', filter.language ?? ''));
    const [rows, count] = await Promise.all([
      base
        .select(OUTLET_COLUMNS)
        .orderBy('o.reviewCount', 'desc')
        .orderBy('o.name')
        .limit(filter.size)
        .offset(filter.page * filter.size)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toOutletRow), total: Number(count.total) };
  }

  /** The outlet of a slug (prepared, on the read route, without the plugin's result pass). */
  async findBySlug(slug: string): Promise<OutletRow | null> {
    const [row] = await typedRows(this.em, OUTLET_BY_SLUG(this.em, { slug }), currentReadRoute());
    return row ? toOutletRow(row) : null;
  }

  /**
   * A page of the reviews of the outlet of a slug, newest first (undated last), as the API's JSON text of
   * the page's array, and how many reviews it has; null for no such outlet or one without reviews.
   */
  async reviewsPageBySlug(
    slug: string,
    page: number,
    size: number,
  ): Promise<{ content: string; total: number } | null> {
    const [row] = await typedRows(
      this.em,
      REVIEWS_BY_SLUG(this.em, { slug, limit: size, offset: page * size }),
      currentReadRoute(),
    );
    return row ? { content: row.content, total: Number(row.total) } : null;
  }

  /**
   * The chart of differences of the outlet of a slug (counts of its compared calls in bins of
   * DIFFERENCE_BIN_WIDTH points) and its `limit` most generous and harshest calls; null for no such outlet or
   * one without reviews.
   */
  async differencesBySlug(
    slug: string,
    limit: number,
  ): Promise<{ histogram: number[]; generous: OutletCall[]; harsh: OutletCall[] } | null> {
    const [row] = await typedRows(this.em, DIFFERENCES_BY_SLUG(this.em, { slug, limit }), currentReadRoute());
    if (!row) return null;
    const call = (value: OutletCall): OutletCall => ({
      igdbId: Number(value.igdbId),
      title: value.title,
      score: Number(value.score),
      othersMean: Number(value.othersMean),
      othersCount: Number(value.othersCount),
      difference: Number(value.difference),
    });
    return {
      histogram: row.histogram.map(Number),
      generous: row.generous.map(call),
      harsh: row.harsh.map(call),
    };
  }

  /** How a user's ratings compare with the outlet's scores on the games both rated. */
  async agreement(userId: number, outletId: number): Promise<OutletAgreementRow> {
    const row = await this.db
      .selectFrom('Rating as r')
      .innerJoin('OutletGameScore as s', 's.game', 'r.game')
      .select((select) => [
        sql<number>`count(*)::int`.as('games'),
        sql<number | null>`avg(${select.ref('r.score')} - ${select.ref('s.score')})`.as('meanDifference'),
        sql<number | null>`avg(abs(${select.ref('r.score')} - ${select.ref('s.score')}))`.as(
          'meanAbsoluteDifference',
        ),
        sql<number | null>`corr(${select.ref('r.score')}, ${select.ref('s.score')})`.as('correlation'),
      ])
      .where('r.user', '=', userId)
      .where('s.outlet', '=', outletId)
      .executeTakeFirstOrThrow();
    return {
      games: Number(row.games),
      meanDifference: row.meanDifference === null ? null : Number(row.meanDifference),
      meanAbsoluteDifference: row.meanAbsoluteDifference === null ? null : Number(row.meanAbsoluteDifference),
      correlation: row.correlation === null ? null : Number(row.correlation),
    };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

type OutletSelection = {
  id: number;
  slug?: string | null;
  name: string;
  country?: string | null;
  language?: string | null;
  domain?: string | null;
  reviewCount: number;
  averageScore?: number | null;
  deviationGames: number;
  deviationMean?: number | null;
  deviationStdev?: number | null;
};

function toOutletRow(row: OutletSelection): OutletRow {
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    id: Number(row.id),
    slug: row.slug ?? '',
    name: row.name,
    country: row.country ?? null,
    language: row.language ?? null,
    domain: row.domain ?? null,
    reviewCount: Number(row.reviewCount),
    averageScore: number(row.averageScore),
    deviationGames: Number(row.deviationGames),
    deviationMean: number(row.deviationMean),
    deviationStdev: number(row.deviationStdev),
  };
}
