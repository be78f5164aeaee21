import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { PlaySession } from './play-session.entity.js';

export interface SessionFields {
  playedOn: string;
  minutes: number;
  platform: string | null;
  note: string | null;
}

export interface SessionRow extends SessionFields {
  id: number;
  createdAt: Date;
}

export class PlaySessionRepository extends EntityRepository<PlaySession> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  async addSession(userId: number, gameId: number, fields: SessionFields): Promise<number> {
    const row = await this.db
      .insertInto('PlaySession')
      .values({ user: userId, game: gameId, ...fields })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The user's sessions of the game, the latest first. */
  async findForGame(userId: number, gameId: number): Promise<SessionRow[]> {
    const rows = await this.db
      .selectFrom('PlaySession as p')
      .select((eb) => [
        'p.id',
        sql<string>`to_char(${eb.ref('p.playedOn')}, 'YYYY-MM-DD')`.as('playedOn'),
        'p.minutes',
        'p.platform',
        'p.note',
        'p.createdAt',
      ])
      .where('p.user', '=', userId)
      .where('p.game', '=', gameId)
      .orderBy('p.playedOn', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      playedOn: row.playedOn,
      minutes: Number(row.minutes),
      platform: row.platform ?? null,
      note: row.note ?? null,
      createdAt: row.createdAt,
    }));
  }

  /** Deletes one of the user's sessions of the game; false when there was no such session. */
  async deleteSession(userId: number, gameId: number, sessionId: number): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('PlaySession')
      .where('id', '=', sessionId)
      .where('user', '=', userId)
      .where('game', '=', gameId)
      .returning('id')
      .execute();
    return rows.length > 0;
  }
}
