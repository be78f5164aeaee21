import { EntityRepository } from '@mikro-orm/postgresql';
import { currentReadRoute } from '../replication/read-routing.js';
import type { Rating } from './rating.entity.js';

export interface PlayerAverageRow {
  avUserRatings: number | null;
  userRatingCount: number;
  /**
   * When the games row was last written, in microseconds since the epoch (the recalculation sets it to
   * the start of its statement, whose snapshot sees every rating committed before).
   */
  recalculatedAtMicros: bigint;
}

type Row = Record<string, unknown>;

export class RatingRepository extends EntityRepository<Rating> {
  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(query, params, 'all');
  }

  /** A read-only query: on a replica when the current request allows it (currentReadRoute). */
  private read<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection(currentReadRoute()).execute<T[]>(query, params, 'all');
  }

  /** Sets or replaces the user's one score for the game. */
  async saveScore(userId: number, gameId: number, score: number): Promise<void> {
    await this.sql(
      `insert into ratings (user_id, game_id, score) values (?, ?, ?)
       on conflict (user_id, game_id) do update set score = excluded.score, updated_at = now()`,
      [userId, gameId, score],
    );
  }

  /** The user's score for the game, or null. */
  async findScore(userId: number, gameId: number): Promise<number | null> {
    const [row] = await this.sql<{ score: number }>(
      'select score from ratings where user_id = ? and game_id = ?',
      [userId, gameId],
    );
    return row ? Number(row.score) : null;
  }

  /** Withdraws the user's score for the game; false when there was none. */
  async deleteScore(userId: number, gameId: number): Promise<boolean> {
    const rows = await this.sql('delete from ratings where user_id = ? and game_id = ? returning id', [
      userId,
      gameId,
    ]);
    return rows.length > 0;
  }

  /** The games the user has rated: their averages change when the account goes. */
  async findGameIdsRatedBy(userId: number): Promise<number[]> {
    const rows = await this.sql<{ game_id: number }>(
      'select distinct game_id from ratings where user_id = ? order by game_id',
      [userId],
    );
    return rows.map((row) => Number(row.game_id));
  }

  /** The database clock in microseconds: what a later recalculation of the average is compared with. */
  async databaseNowMicros(): Promise<bigint> {
    const [row] = await this.sql<{ now: string }>(
      'select (extract(epoch from clock_timestamp()) * 1000000)::bigint::text as now',
    );
    return BigInt(row.now);
  }

  /**
   * The player average a reader should see: the stored figure, unless a rating of the game is newer than
   * the game's last recalculation (the worker is late or down), and then the mean of the ratings as they
   * are, so a user's new score counts at once (decisions §2). Undefined when the game does not exist.
   */
  async findCurrentPlayerAverage(gameId: number): Promise<number | null | undefined> {
    const [row] = await this.read<{ average: number | null }>(
      `select case
         when exists (select 1 from ratings r where r.game_id = g.id and r.updated_at > g.updated_at)
           then (select round(avg(r.score))::int from ratings r where r.game_id = g.id)
         else g.av_user_ratings end as average
       from games g where g.id = ?`,
      [gameId],
    );
    if (!row) return undefined;
    return row.average === null ? null : Number(row.average);
  }

  async findPlayerAverage(gameId: number): Promise<PlayerAverageRow | null> {
    const [row] = await this.sql(
      `select av_user_ratings, user_rating_count,
         (extract(epoch from updated_at) * 1000000)::bigint::text as updated_at
       from games where id = ?`,
      [gameId],
    );
    if (!row) return null;
    return {
      avUserRatings: row.av_user_ratings === null ? null : Number(row.av_user_ratings),
      userRatingCount: Number(row.user_rating_count),
      recalculatedAtMicros: BigInt(row.updated_at as string),
    };
  }

  /**
   * The player average computed from the ratings themselves (what a recalculation would store), for the
   * answer to a rating when the worker is late; null when the game does not exist.
   */
  async findLivePlayerAverage(
    gameId: number,
  ): Promise<Omit<PlayerAverageRow, 'recalculatedAtMicros'> | null> {
    const [row] = await this.sql(
      `select round(avg(r.score))::int as average, count(r.score)::int as total
       from games g left join ratings r on r.game_id = g.id where g.id = ? group by g.id`,
      [gameId],
    );
    if (!row) return null;
    return {
      avUserRatings: row.average === null ? null : Number(row.average),
      userRatingCount: Number(row.total),
    };
  }
}
