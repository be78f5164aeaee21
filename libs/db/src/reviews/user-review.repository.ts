import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedRows, typedSql } from '../typed-sql.js';
import type { UserReview } from './user-review.entity.js';

export interface UserReviewRow {
  id: number;
  userId: number;
  author: string;
  rating: number | null;
  content: string;
  gameId: number;
  gameIgdbId: number;
  gameTitle: string;
  gameSlug: string;
  imageCover: string | null;
  authorReviewCount: number;
  createdAt: string;
  updatedAt: string;
}

export class UserReviewRepository extends EntityRepository<UserReview> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** The reviews with their author, game and the author's score of the game. */
  private select() {
    return this.db
      .selectFrom('UserReview as r')
      .innerJoin('User as u', 'u.id', 'r.user')
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
        'g.id as gameId',
        'g.igdbId as gameIgdbId',
        'g.title as gameTitle',
        'g.slug as gameSlug',
        'g.imageCover as imageCover',
        'r.createdAt as createdAt',
        'r.updatedAt as updatedAt',
      ])
      .select((select) =>
        select
          .selectFrom('UserReview as c')
          .select(sql<number>`count(*)::int`.as('total'))
          .whereRef('c.user', '=', 'r.user')
          .as('authorReviewCount'),
      );
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
      gameId: Number(row.gameId),
      gameIgdbId: Number(row.gameIgdbId),
      gameTitle: String(row.gameTitle),
      gameSlug: String(row.gameSlug),
      imageCover: row.imageCover ?? null,
      authorReviewCount: Number(row.authorReviewCount),
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    }));
  }

  findForGame(gameId: number, limit = 200): Promise<UserReviewRow[]> {
    return this.rows(
      this.select()
        .where('r.game', '=', gameId)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit),
    );
  }

  findForUser(userId: number): Promise<UserReviewRow[]> {
    return this.rows(
      this.select().where('r.user', '=', userId).orderBy('r.updatedAt', 'desc').orderBy('r.id', 'desc'),
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
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** One review per user and game: publishing again replaces the text (`created` false then). */
  async saveForUser(
    userId: number,
    gameId: number,
    content: string,
  ): Promise<{ id: number; created: boolean }> {
    const row = await this.db
      .insertInto('UserReview')
      .values({ user: userId, game: gameId, content })
      .onConflict((conflict) =>
        conflict.columns(['user', 'game']).doUpdateSet((update) => ({
          content: update.ref('excluded.content'),
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
  async updateContentOwned(userId: number, reviewId: number, content: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('UserReview')
      .set({ content, updatedAt: sql<Date>`now()` })
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
