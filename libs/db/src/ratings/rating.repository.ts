import { EntityRepository, type ConnectionType, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { currentReadRoute } from '../replication/read-routing.js';
import { typedRows, typedSql } from '../typed-sql.js';
import type { Rating } from './rating.entity.js';
import { countedScore, playerAverage } from '../games/game-figures-query.js';

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
   * The player average a reader sees: the mean of the game's ratings as they are, with the exclusions of
   * unusual activity as stored (what the worker's recalculation stores next), so a caller's new, replaced
   * or withdrawn score counts in their next read whatever the queue's backlog (docs/RELIABILITY.md, "A
   * rating"). One aggregate over the game's ratings (ratings_game_idx). Comparing the rating's time with
   * the last recalculation's was not enough: a recalculation that started before a rating committed, and
   * did not see it, looked newer. Undefined when the game does not exist. A read-only query: on a replica
   * when the current request allows it (currentReadRoute).
   */
  async findCurrentPlayerAverage(gameId: number): Promise<number | null | undefined> {
    const row = await livePlayerAverage(this.getEntityManager(), gameId, currentReadRoute());
    return row === null ? undefined : row.avUserRatings;
  }

  /**
   * The player average computed from the ratings themselves (what the recalculation will store), the
   * answer to a rating; null when the game does not exist.
   */
  findLivePlayerAverage(gameId: number): Promise<PlayerAverageRow | null> {
    return livePlayerAverage(this.getEntityManager(), gameId, 'write');
  }
}

/**
 * The game's player average and count from its ratings (exclusions as stored); null for no such game. Read
 * without the query builder's row conversion (typedRows: the two aliased numbers need none), as every
 * rating's answer reads it.
 */
async function livePlayerAverage(
  em: SqlEntityManager,
  gameId: number,
  route: ConnectionType,
): Promise<PlayerAverageRow | null> {
  const query = typedSql(em, route)
    .selectFrom('Game as g')
    .leftJoin('Rating as r', 'r.game', 'g.id')
    .select((select) => [
      playerAverage(countedScore(select.ref('r.score'), select.ref('r.excludedBy'))).as('average'),
      sql<number>`count(${select.ref('r.score')})::int`.as('total'),
    ])
    .where('g.id', '=', gameId)
    .groupBy('g.id');
  const [row] = await typedRows(em, query, route);
  if (!row) return null;
  return {
    avUserRatings: row.average === null ? null : Number(row.average),
    userRatingCount: Number(row.total),
  };
}
