import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { GameStatus } from './game-status.entity.js';
import type { PlayStatus } from '@veredicto/contract';

export interface StatusFields {
  status: PlayStatus;
  platform: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  hours: number | null;
}

/** A status as the API answers it: the hours the player gave, or else the sum of the sessions. */
export interface StatusRow extends StatusFields {
  igdbId: number;
  title: string;
  slug: string;
  imageCover: string | null;
  sessionMinutes: number;
  updatedAt: Date;
}

const toNumberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export class GameStatusRepository extends EntityRepository<GameStatus> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * Sets the user's status for the game (one row per user and game). The moment of the status change
   * moves only when the status itself changes, so editing the hours is no new activity in the feed.
   */
  async saveStatus(userId: number, gameId: number, fields: StatusFields): Promise<void> {
    await this.db
      .insertInto('GameStatus')
      .values({
        user: userId,
        game: gameId,
        status: fields.status,
        platform: fields.platform,
        startedAt: fields.startedAt,
        finishedAt: fields.finishedAt,
        hours: fields.hours === null ? null : String(fields.hours),
      })
      .onConflict((conflict) =>
        conflict.columns(['user', 'game']).doUpdateSet((update) => ({
          status: update.ref('excluded.status'),
          platform: update.ref('excluded.platform'),
          startedAt: update.ref('excluded.startedAt'),
          finishedAt: update.ref('excluded.finishedAt'),
          hours: update.ref('excluded.hours'),
          statusChangedAt: update
            .case()
            .when('GameStatus.status', '=', update.ref('excluded.status'))
            .then(update.ref('GameStatus.statusChangedAt'))
            .else(sql<Date>`now()`)
            .end(),
          updatedAt: sql<Date>`now()`,
        })),
      )
      .execute();
  }

  /**
   * Adds statuses the user has not set (an import): a game that already has one keeps it. Answers how
   * many were added.
   */
  async addMissing(userId: number, rows: (StatusFields & { gameId: number })[]): Promise<number> {
    if (rows.length === 0) return 0;
    const added = await this.db
      .insertInto('GameStatus')
      .values(
        rows.map((row) => ({
          user: userId,
          game: row.gameId,
          status: row.status,
          platform: row.platform,
          startedAt: row.startedAt,
          finishedAt: row.finishedAt,
          hours: row.hours === null ? null : String(row.hours),
        })),
      )
      .onConflict((conflict) => conflict.columns(['user', 'game']).doNothing())
      .returning('id')
      .execute();
    return added.length;
  }

  async deleteStatus(userId: number, gameId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('GameStatus')
      .where('user', '=', userId)
      .where('game', '=', gameId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The user's statuses, newest change first, optionally only those on one platform. */
  async findForUser(
    userId: number,
    options: { gameId?: number; platform?: string } = {},
  ): Promise<StatusRow[]> {
    let query = this.db
      .selectFrom('GameStatus as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select((eb) => [
        's.status',
        's.platform',
        sql<string | null>`to_char(${eb.ref('s.startedAt')}, 'YYYY-MM-DD')`.as('startedAt'),
        sql<string | null>`to_char(${eb.ref('s.finishedAt')}, 'YYYY-MM-DD')`.as('finishedAt'),
        's.hours',
        's.updatedAt',
        'g.igdbId',
        'g.title',
        'g.slug',
        'g.imageCover',
        eb
          .selectFrom('PlaySession as p')
          .select((inner) => sql<number>`coalesce(sum(${inner.ref('p.minutes')}), 0)::int`.as('minutes'))
          .whereRef('p.user', '=', 's.user')
          .whereRef('p.game', '=', 's.game')
          .as('sessionMinutes'),
      ])
      .where('s.user', '=', userId);
    if (options.gameId !== undefined) query = query.where('s.game', '=', options.gameId);
    if (options.platform !== undefined)
      query = query.where(sql<string>`lower(${sql.ref('s.platform')})`, '=', options.platform.toLowerCase());
    const rows = await query.orderBy('s.statusChangedAt', 'desc').orderBy('s.id', 'desc').execute();
    return rows.map((row) => ({
      status: row.status,
      platform: row.platform ?? null,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      hours: toNumberOrNull(row.hours),
      updatedAt: row.updatedAt,
      igdbId: Number(row.igdbId),
      title: row.title,
      slug: row.slug,
      imageCover: row.imageCover ?? null,
      sessionMinutes: Number(row.sessionMinutes ?? 0),
    }));
  }

  /** How many games the user has in each status. */
  async countByStatus(userId: number): Promise<Record<PlayStatus, number>> {
    const rows = await this.db
      .selectFrom('GameStatus')
      .select(['status', (eb) => eb.fn.countAll<string>().as('total')])
      .where('user', '=', userId)
      .groupBy('status')
      .execute();
    const counts: Record<PlayStatus, number> = {
      want: 0,
      playing: 0,
      completed: 0,
      abandoned: 0,
      shelved: 0,
    };
    for (const row of rows) counts[row.status] = Number(row.total);
    return counts;
  }

  /**
   * The user's hours over every game: a game's stated hours when it has them, otherwise the minutes of
   * its sessions (also of games with no status). Optionally only sessions and statuses within a year.
   */
  async totalHours(userId: number): Promise<number> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('GameStatus as s')
          .select((inner) => sql<string>`coalesce(sum(${inner.ref('s.hours')}), 0)::text`.as('hours'))
          .where('s.user', '=', userId)
          .as('statedHours'),
        eb
          .selectFrom('PlaySession as p')
          .select((inner) => sql<number>`coalesce(sum(${inner.ref('p.minutes')}), 0)::int`.as('minutes'))
          .where('p.user', '=', userId)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('GameStatus as s')
                  .select('s.id')
                  .whereRef('s.user', '=', 'p.user')
                  .whereRef('s.game', '=', 'p.game')
                  .where('s.hours', 'is not', null),
              ),
            ),
          )
          .as('sessionMinutes'),
      ])
      .executeTakeFirstOrThrow();
    return Number(row.statedHours ?? 0) + Number(row.sessionMinutes ?? 0) / 60;
  }
}
