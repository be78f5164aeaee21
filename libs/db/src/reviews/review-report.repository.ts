import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { ReportAction, ReportReason } from '@veredicto/contract';
import type { ReviewReport } from './review-report.entity.js';

export interface OpenReportRow {
  id: number;
  reviewId: number;
  igdbID: number;
  reason: ReportReason;
  note: string | null;
  createdAt: string;
  gameTitle: string;
  author: string;
  content: string;
}

/** What the author of a hidden review is told, and where to. */
export interface DecidedReport {
  reviewId: number;
  authorEmail: string;
  authorName: string;
  gameTitle: string;
}

export class ReviewReportRepository extends EntityRepository<ReviewReport> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** The new report's id; null when the reader has an open report of this review already. */
  async file(
    reviewId: number,
    reporterId: number,
    reason: ReportReason,
    note: string | null,
  ): Promise<number | null> {
    const row = await this.db
      .insertInto('ReviewReport')
      .values({ review: reviewId, reporter: reporterId, reason, note })
      .onConflict((conflict) =>
        conflict.columns(['review', 'reporter']).where('decidedAt', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  /** The reports waiting for a decision on reviews still shown, oldest first. */
  async findOpen(): Promise<OpenReportRow[]> {
    const rows = await this.db
      .selectFrom('ReviewReport as rr')
      .innerJoin('UserReview as r', 'r.id', 'rr.review')
      .innerJoin('Game as g', 'g.id', 'r.game')
      .innerJoin('User as u', 'u.id', 'r.user')
      .select([
        'rr.id',
        'rr.review as reviewId',
        'g.igdbId as igdbID',
        'rr.reason',
        'rr.note',
        'rr.createdAt',
        'g.title as gameTitle',
        'u.username as author',
        'r.content',
      ])
      .where('rr.decidedAt', 'is', null)
      .where('r.hiddenAt', 'is', null)
      .orderBy('rr.createdAt', 'asc')
      .orderBy('rr.id', 'asc')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      reviewId: Number(row.reviewId),
      igdbID: Number(row.igdbID),
      reason: row.reason,
      note: row.note ?? null,
      createdAt: new Date(row.createdAt).toISOString(),
      gameTitle: row.gameTitle,
      author: row.author,
      content: row.content,
    }));
  }

  /**
   * Records the decision on an open report; hiding decides every open report of the same review at once.
   * Null when the report does not exist or was decided already.
   */
  async decide(reportId: number, action: ReportAction, reason: string): Promise<DecidedReport | null> {
    const decided = await this.db
      .updateTable('ReviewReport')
      .set({ decidedAt: sql<Date>`now()`, action, decisionReason: reason })
      .where('id', '=', reportId)
      .where('decidedAt', 'is', null)
      .returning('review')
      .executeTakeFirst();
    if (!decided) return null;
    const reviewId = Number(decided.review);
    if (action === 'hide') {
      await this.db
        .updateTable('ReviewReport')
        .set({ decidedAt: sql<Date>`now()`, action, decisionReason: reason })
        .where('review', '=', reviewId)
        .where('decidedAt', 'is', null)
        .execute();
    }
    const row = await this.db
      .selectFrom('UserReview as r')
      .innerJoin('User as u', 'u.id', 'r.user')
      .innerJoin('Game as g', 'g.id', 'r.game')
      .select(['u.email as authorEmail', 'u.username as authorName', 'g.title as gameTitle'])
      .where('r.id', '=', reviewId)
      .executeTakeFirstOrThrow();
    return { reviewId, ...row };
  }
}
