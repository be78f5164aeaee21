import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { UserReviewSort } from '@veredicto/contract';
import { typedRows, typedSql } from '../typed-sql.js';
import type { UserReview } from './user-review.entity.js';
import { wilsonLowerBound } from './wilson-lower-bound.js';

export interface UserReviewRow {
  id: number;
  userId: number;
  author: string;
  rating: number | null;
  content: string;
  spoiler: boolean;
  helpful: number;
  notHelpful: number;
  gameId: number;
  gameIgdbId: number;
  gameTitle: string;
  gameSlug: string;
  imageCover: string | null;
  /** Hidden by moderation: when, and the administrator's written reason. Only its author reads it. */
  hidden: { at: string; reason: string | null } | null;
  authorReviewCount: number;
  createdAt: string;
  updatedAt: string;
}

export class UserReviewRepository extends EntityRepository<UserReview> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * The visible reviews (a hidden one is in no list) with their author, game, the author's score of the
   * game and the readers' helpful votes; `withHidden` also the hidden ones (their author's own list).
   */
  private select(withHidden = false) {
    return this.db
      .selectFrom('UserReview as r')
      .innerJoin('User as u', 'u.id', 'r.user')
      .leftJoin(
        (join) =>
          join
            .selectFrom('ReviewVote as rv')
            .select((select) => [
              'rv.review as votedReview',
              select.fn.countAll<number>().filterWhere('rv.helpful', '=', true).as('helpful'),
              select.fn.countAll<number>().as('total'),
            ])
            .groupBy('rv.review')
            .as('v'),
        (join) => join.onRef('v.votedReview', '=', 'r.id'),
      )
      .$if(!withHidden, (query) => query.where('r.hiddenAt', 'is', null))
      .innerJoin('Game as g', 'g.id', 'r.game')
      .leftJoin('Rating as ra', (join) =>
        join.onRef('ra.user', '=', 'r.user').onRef('ra.game', '=', 'r.game'),
      )
      .select([
        'r.id',
        'r.user as userId',
        'u.username as author',
        'ra.score as rating',
        'r.content',
        'r.spoiler',
        'g.id as gameId',
        'g.igdbId as gameIgdbId',
        'g.title as gameTitle',
        'g.slug as gameSlug',
        'g.imageCover as imageCover',
        'r.createdAt as createdAt',
        'r.updatedAt as updatedAt',
        'r.hiddenAt as hiddenAt',
      ])
      .select((select) => [
        sql<number>`coalesce(${select.ref('v.helpful')}, 0)::int`.as('helpful'),
        sql<number>`coalesce(${select.ref('v.total')} - ${select.ref('v.helpful')}, 0)::int`.as('notHelpful'),
        select
          .selectFrom('UserReview as c')
          .select(sql<number>`count(*)::int`.as('total'))
          .whereRef('c.user', '=', 'r.user')
          .where('c.hiddenAt', 'is', null)
          .as('authorReviewCount'),
        select
          .selectFrom('ReviewReport as rr')
          .select('rr.decisionReason')
          .whereRef('rr.review', '=', 'r.id')
          .where('rr.action', '=', 'hide')
          .orderBy('rr.decidedAt', 'desc')
          .limit(1)
          .as('hiddenReason'),
      ]);
  }

  /**
   * Every column of `select` has the name its row type gives, so the rows are read without the Kysely
   * plugin's result pass (typedRows), which walks every property of every joined entity for every row.
   */
  private async rows(query: ReturnType<UserReviewRepository['select']>): Promise<UserReviewRow[]> {
    const rows = await typedRows(this.getEntityManager(), query);
    return rows.map((row) => ({
      id: Number(row.id),
      userId: Number(row.userId),
      author: String(row.author),
      rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
      content: String(row.content),
      spoiler: Boolean(row.spoiler),
      helpful: Number(row.helpful),
      notHelpful: Number(row.notHelpful),
      gameId: Number(row.gameId),
      gameIgdbId: Number(row.gameIgdbId),
      gameTitle: String(row.gameTitle),
      gameSlug: String(row.gameSlug),
      imageCover: row.imageCover ?? null,
      authorReviewCount: Number(row.authorReviewCount),
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
      hidden: row.hiddenAt
        ? { at: new Date(row.hiddenAt).toISOString(), reason: row.hiddenReason ?? null }
        : null,
    }));
  }

  /**
   * 'helpful': by the lower bound of the 95 % Wilson interval of the share of readers who found it helpful
   * (a review with 3 of 3 does not outrank one with 90 of 100), computed here so a page of the list is a
   * page of the order; ties newest first. 'recent': newest first.
   */
  findForGame(gameId: number, sort: UserReviewSort = 'helpful', limit = 200): Promise<UserReviewRow[]> {
    let query = this.select().where('r.game', '=', gameId);
    if (sort === 'helpful') {
      query = query.orderBy(
        (order) =>
          wilsonLowerBound(
            sql<number>`coalesce(${order.ref('v.helpful')}, 0)`,
            sql<number>`coalesce(${order.ref('v.total')}, 0)`,
          ),
        'desc',
      );
    }
    return this.rows(query.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(limit));
  }

  /** The author of a review readers can see (vote on, report), or null when there is none. */
  async findVisibleAuthor(reviewId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('UserReview')
      .select('user')
      .where('id', '=', reviewId)
      .where('hiddenAt', 'is', null)
      .executeTakeFirst();
    return row ? Number(row.user) : null;
  }

  /** Hides a review after a report; false when it was already hidden or does not exist. */
  async hide(reviewId: number): Promise<boolean> {
    const rows = await this.db
      .updateTable('UserReview')
      .set({ hiddenAt: sql<Date>`now()` })
      .where('id', '=', reviewId)
      .where('hiddenAt', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The user's own reviews, the hidden ones too (marked, with the reason): their author sees them. */
  findForUser(userId: number): Promise<UserReviewRow[]> {
    return this.rows(
      this.select(true).where('r.user', '=', userId).orderBy('r.updatedAt', 'desc').orderBy('r.id', 'desc'),
    );
  }

  /** The user's own review of the game with this external id, or null. */
  async findOwnForGame(userId: number, igdbId: number): Promise<UserReviewRow | null> {
    const [row] = await this.rows(this.select().where('r.user', '=', userId).where('g.igdbId', '=', igdbId));
    return row ?? null;
  }

  async findOneRow(reviewId: number): Promise<UserReviewRow | null> {
    const [row] = await this.rows(this.select().where('r.id', '=', reviewId));
    return row ?? null;
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('UserReview')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('user', '=', userId)
      .where('hiddenAt', 'is', null)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** One review per user and game: publishing again replaces the text (`created` false then). */
  async saveForUser(
    userId: number,
    gameId: number,
    content: string,
    spoiler = false,
  ): Promise<{ id: number; created: boolean }> {
    const row = await this.db
      .insertInto('UserReview')
      .values({ user: userId, game: gameId, content, spoiler })
      .onConflict((conflict) =>
        conflict.columns(['user', 'game']).doUpdateSet((update) => ({
          content: update.ref('excluded.content'),
          spoiler: update.ref('excluded.spoiler'),
          updatedAt: sql<Date>`now()`,
        })),
      )
      // xmax (a system column) is 0 only on a freshly inserted row: an ON CONFLICT update leaves the old
      // row's transaction id.
      .returning(['id', sql<boolean>`xmax = 0`.as('created')])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), created: Boolean(row.created) };
  }

  /** Changes the text of the user's own review; false when it is not theirs or does not exist. */
  async updateContentOwned(
    userId: number,
    reviewId: number,
    content: string,
    spoiler?: boolean,
  ): Promise<boolean> {
    const rows = await this.db
      .updateTable('UserReview')
      .set({ content, ...(spoiler === undefined ? {} : { spoiler }), updatedAt: sql<Date>`now()` })
      .where('id', '=', reviewId)
      .where('user', '=', userId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  async deleteOwned(userId: number, reviewId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('UserReview')
      .where('id', '=', reviewId)
      .where('user', '=', userId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }
}
