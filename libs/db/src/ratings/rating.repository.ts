import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedReadSql, typedSql } from '../typed-sql.js';
import type { Rating } from './rating.entity.js';
import { countedScore, playerAverage } from '../games/game-figures.repository.js';

export interface PlayerAverageRow {
  avUserRatings: number | null;
  userRatingCount: number;
}

export class RatingRepository extends EntityRepository<Rating> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Sets or replaces the user's one score for the game. */
  async saveScore(userId: number, gameId: number, score: number): Promise<void> {
    await this.db
      .insertInto('Rating')
      .values({ user: userId, game: gameId, score })
      .onConflict((conflict) =>
        conflict.columns(['user', 'game']).doUpdateSet((update) => ({
          score: update.ref('excluded.score'),
          updatedAt: sql<Date>`now()`,
        })),
      )
      .execute();
  }

  /**
   * Adds scores the user has not given (an import): a game the user already rated keeps its score. Answers
   * the games whose score was added.
   */
  async addMissingScores(userId: number, scores: { gameId: number; score: number }[]): Promise<number[]> {
    if (scores.length === 0) return [];
    const added = await this.db
      .insertInto('Rating')
      .values(scores.map(({ gameId, score }) => ({ user: userId, game: gameId, score })))
      .onConflict((conflict) => conflict.columns(['user', 'game']).doNothing())
      .returning('game')
      .execute();
    return added.map((row) => Number(row.game));
  }

  /** The user's score for the game, or null. */
  async findScore(userId: number, gameId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('Rating')
      .select('score')
      .where('user', '=', userId)
      .where('game', '=', gameId)
      .executeTakeFirst();
    return row ? Number(row.score) : null;
  }

  /** Withdraws the user's score for the game; false when there was none. */
  async deleteScore(userId: number, gameId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('Rating')
      .where('user', '=', userId)
      .where('game', '=', gameId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The games the user has rated: their averages change when the account goes. */
  async findGameIdsRatedBy(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('Rating')
      .select('game')
      .distinct()
      .where('user', '=', userId)
      .orderBy('game')
      .execute();
    return rows.map((row) => Number(row.game));
  }

  /**
   * The player average a reader should see: the stored figure, unless a rating of the game is newer than
   * the game's last recalculation or the number of its ratings differs from the stored count (a score
   * withdrawn: the worker is late or down), and then the mean of the ratings as they are, so a user's new
   * or withdrawn score counts at once (docs/ARCHITECTURE.md, "A rating"). Undefined when the game does
   * not exist.
   * A read-only query: on a replica when the current request allows it (currentReadRoute).
   */
  async findCurrentPlayerAverage(gameId: number): Promise<number | null | undefined> {
    const row = await typedReadSql(this.getEntityManager())
      .selectFrom('Game as g')
      .select((select) =>
        select
          .case()
          .when(
            select.or([
              select.exists(
                select
                  .selectFrom('Rating as r')
                  .select('r.id')
                  .whereRef('r.game', '=', 'g.id')
                  .whereRef('r.updatedAt', '>', 'g.updatedAt'),
              ),
              select(
                select
                  .selectFrom('Rating as r')
                  .select(sql<number>`count(*)::int`.as('total'))
                  .whereRef('r.game', '=', 'g.id'),
                '<>',
                select.ref('g.userRatingCount'),
              ),
            ]),
          )
          .then(
            select
              .selectFrom('Rating as r')
              .select((average) =>
                playerAverage(countedScore(average.ref('r.score'), average.ref('r.excludedBy'))).as(
                  'average',
                ),
              )
              .whereRef('r.game', '=', 'g.id'),
          )
          .else(select.ref('g.avUserRatings'))
          .end()
          .as('average'),
      )
      .where('g.id', '=', gameId)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.average === null || row.average === undefined ? null : Number(row.average);
  }

  /**
   * The player average computed from the ratings themselves (what the recalculation will store), the
   * answer to a rating; null when the game does not exist.
   */
  async findLivePlayerAverage(gameId: number): Promise<PlayerAverageRow | null> {
    const row = await this.db
      .selectFrom('Game as g')
      .leftJoin('Rating as r', 'r.game', 'g.id')
      .select((select) => [
        playerAverage(countedScore(select.ref('r.score'), select.ref('r.excludedBy'))).as('average'),
        sql<number>`count(${select.ref('r.score')})::int`.as('total'),
      ])
      .where('g.id', '=', gameId)
      .groupBy('g.id')
      .executeTakeFirst();
    if (!row) return null;
    return {
      avUserRatings: row.average === null ? null : Number(row.average),
      userRatingCount: Number(row.total),
    };
  }
}
