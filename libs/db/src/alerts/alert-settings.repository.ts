import { EntityRepository } from '@mikro-orm/postgresql';
import { WISHLIST_NAME, type AlertEmail, type AlertKind } from '@veredicto/contract';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { AlertSettings } from './alert-settings.entity.js';

export interface AlertSettingsRow {
  email: AlertEmail;
  muted: AlertKind[];
  platforms: string[];
  calendarToken: string;
}

/** A followed game with a release day, for the calendar feed. */
export interface CalendarGame {
  igdbId: number;
  title: string;
  slug: string;
  releaseDate: string;
}

const NEW_TOKEN = sql<string>`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

/** A user's alert settings (a row is made, with its tokens, the first time they are read or saved). */
export class AlertSettingsRepository extends EntityRepository<AlertSettings> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  async read(userId: number): Promise<AlertSettingsRow> {
    await this.db
      .insertInto('AlertSettings')
      .values({ user: userId })
      .onConflict((conflict) => conflict.column('user').doNothing())
      .execute();
    return this.db
      .selectFrom('AlertSettings')
      .select(['email', 'muted', 'platforms', 'calendarToken'])
      .where('user', '=', userId)
      .executeTakeFirstOrThrow();
  }

  async save(
    userId: number,
    settings: Pick<AlertSettingsRow, 'email' | 'muted' | 'platforms'>,
  ): Promise<void> {
    await this.db
      .insertInto('AlertSettings')
      .values({ user: userId, ...settings })
      .onConflict((conflict) => conflict.column('user').doUpdateSet(settings))
      .execute();
  }

  async renewCalendarToken(userId: number): Promise<void> {
    await this.read(userId);
    await this.db
      .updateTable('AlertSettings')
      .set({ calendarToken: NEW_TOKEN })
      .where('user', '=', userId)
      .execute();
  }

  /** The one-click unsubscribe: mail off for the token's user. Answers false for an unknown token. */
  async unsubscribe(token: string): Promise<boolean> {
    const result = await this.db
      .updateTable('AlertSettings')
      .set({ email: 'off' })
      .where('unsubscribeToken', '=', token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user of a calendar token, or null. */
  async calendarOwner(token: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('AlertSettings')
      .select('user')
      .where('calendarToken', '=', token)
      .executeTakeFirst();
    return row ? Number(row.user) : null;
  }

  /** The games the user follows that have a release day (day precision), by date. */
  async calendarGames(userId: number): Promise<CalendarGame[]> {
    const followed = this.db
      .selectFrom('GameListEntry as e')
      .innerJoin('GameList as l', 'l.id', 'e.list')
      .select('e.game as gameId')
      .where('l.user', '=', userId)
      .where('l.reserved', '=', true)
      .where('l.nameKey', '=', WISHLIST_NAME.toLowerCase())
      .union(
        this.db
          .selectFrom('GameStatus')
          .select('game as gameId')
          .where('user', '=', userId)
          .where('status', '=', 'want'),
      );
    const rows = await this.db
      .selectFrom('Game as g')
      .select((eb) => [
        'g.igdbId',
        'g.title',
        'g.slug',
        sql<string>`to_char(${eb.ref('g.releaseDate')}, 'YYYY-MM-DD')`.as('releaseDate'),
      ])
      .where('g.id', 'in', followed)
      .where('g.releaseDatePrecision', '=', 'day')
      .where('g.releaseDate', 'is not', null)
      .orderBy('g.releaseDate')
      .execute();
    return rows;
  }
}
