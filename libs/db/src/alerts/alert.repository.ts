import { EntityRepository } from '@mikro-orm/postgresql';
import { PLATFORM_FILTERED_KINDS, WISHLIST_NAME, type AlertKind } from '@veredicto/contract';
import { sql } from 'kysely';
import { typedRows, typedSql, type TypedSql } from '../typed-sql.js';
import type { SpanishAnswer } from '@veredicto/contract';
import type { Alert } from './alert.entity.js';

export interface NewAlert {
  key: string;
  kind: AlertKind;
  gameIgdbId: number;
  text: string;
  platforms: string[];
  priceCents?: number | null;
}

/** What decides who an alert reaches. */
type AlertAudience = Pick<Alert, 'kind' | 'gameIgdbId' | 'priceCents'>;

export interface AlertGame {
  id: string;
  kind: AlertKind;
  text: string;
  igdbId: number;
  title: string;
  slug: string;
  imageCover: string | null;
}

/** A notification still to be mailed at once, with what its mail needs. */
export interface PendingAlertMail {
  notificationId: string;
  userId: number;
  username: string;
  email: string;
  unsubscribeToken: string;
}

/** The facts of a game an alert says: its title and platforms, its first averages. */
export interface GameAlertFacts {
  igdbId: number;
  platforms: string[];
  avRatings: number | null;
  spanishPressAverage: number | null;
  spanishAudio: SpanishAnswer;
  spanishText: SpanishAnswer;
}

/**
 * The users who follow a game (docs/CONTRACT.md §11): its 'Deseados' entries and the status 'Quiero
 * jugarlo' (want), each user once. Both sides are read by index (game_list_entries_game_idx,
 * game_statuses_game_status_idx).
 */
const followersOf = (db: TypedSql, igdbId: number) =>
  db
    .selectFrom('GameListEntry as e')
    .innerJoin('GameList as l', 'l.id', 'e.list')
    .innerJoin('Game as g', 'g.id', 'e.game')
    .select('l.user as userId')
    .where('g.igdbId', '=', igdbId)
    .where('l.reserved', '=', true)
    .where('l.nameKey', '=', WISHLIST_NAME.toLowerCase())
    .union(
      db
        .selectFrom('GameStatus as s')
        .innerJoin('Game as g', 'g.id', 's.game')
        .select('s.user as userId')
        .where('g.igdbId', '=', igdbId)
        .where('s.status', '=', 'want'),
    );

/** Those who set a price for the game (price_alerts), at or above `atOrAbove` when given. */
const priceWatchersOf = (db: TypedSql, igdbId: number, atOrAbove: number | null) =>
  db
    .selectFrom('PriceAlert as p')
    .select('p.user as userId')
    .where('p.gameIgdbId', '=', igdbId)
    .$if(atOrAbove !== null, (query) => query.where('p.priceBelow', '>=', atOrAbove!));

/**
 * Who an alert reaches: a `price-below` only those whose threshold its price meets, followers of the game or
 * not (docs/CONTRACT.md §20); every other kind the game's followers.
 */
const recipientsOf = (db: TypedSql, { kind, gameIgdbId, priceCents }: AlertAudience) =>
  kind === 'price-below'
    ? db.selectFrom(priceWatchersOf(db, gameIgdbId, priceCents ?? 0).as('r')).select('r.userId')
    : db.selectFrom(followersOf(db, gameIgdbId).as('r')).select('r.userId');

/**
 * Alerts and their fan-out into notifications. Every write is idempotent: an alert is unique by the key of
 * its cause, a notification by (user, alert), so a retried job or a job whose worker died does nothing twice.
 */
export class AlertRepository extends EntityRepository<Alert> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Writes the alerts not yet written (by key) and answers the ids of all of them, new or not. */
  async record(alerts: NewAlert[]): Promise<{ id: string; key: string }[]> {
    if (alerts.length === 0) return [];
    await this.db
      .insertInto('Alert')
      .values(alerts.map((alert) => ({ ...alert, platforms: alert.platforms })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const rows = await this.db
      .selectFrom('Alert')
      .select(['id', 'key'])
      .where(
        'key',
        'in',
        alerts.map((alert) => alert.key),
      )
      .execute();
    return rows.map((row) => ({ id: String(row.id), key: row.key }));
  }

  async gameFacts(igdbId: number): Promise<GameAlertFacts | null> {
    const row = await this.db
      .selectFrom('Game')
      .select(['igdbId', 'platforms', 'avRatings', 'spanishPressAverage', 'spanishAudio', 'spanishText'])
      .where('igdbId', '=', igdbId)
      .executeTakeFirst();
    return row
      ? {
          igdbId: row.igdbId,
          platforms: row.platforms,
          avRatings: row.avRatings ?? null,
          spanishPressAverage: row.spanishPressAverage ?? null,
          spanishAudio: row.spanishAudio,
          spanishText: row.spanishText,
        }
      : null;
  }

  /** The alert with the game it is about (for its mails); null when either is gone. */
  async withGame(alertId: string): Promise<AlertGame | null> {
    const row = await this.db
      .selectFrom('Alert as a')
      .innerJoin('Game as g', 'g.igdbId', 'a.gameIgdbId')
      .select(['a.id', 'a.kind', 'a.text', 'g.igdbId', 'g.title', 'g.slug', 'g.imageCover'])
      .where('a.id', '=', alertId)
      .executeTakeFirst();
    return row ? { ...row, id: String(row.id), imageCover: row.imageCover ?? null } : null;
  }

  /** The ids of those the alert reaches, ascending: the fan-out cuts them into ranges. */
  async recipientIds(alert: AlertAudience): Promise<number[]> {
    // Up to 100,000 rows: read without the plugin's per-row result pass (typedRows), which would block
    // the worker's event loop (and its job lock) for seconds.
    const rows = await typedRows(
      this.getEntityManager(),
      this.db
        .selectFrom(recipientsOf(this.db, alert).as('f'))
        .select('f.userId as user_id')
        .orderBy('f.userId'),
    );
    return rows.map((row) => Number(row.user_id));
  }

  /**
   * One batch of the fan-out: a notification of the alert for each follower of its game whose id is in
   * [fromUserId, toUserId] and whose settings want it (the kind on; for a release, date or port, 'Mis
   * plataformas' empty or sharing a platform with the alert), in one INSERT … SELECT. `mail` records what is
   * still to be mailed under the user's setting at that moment. Answers how many were new.
   */
  async notifyFollowers(alertId: string, fromUserId: number, toUserId: number): Promise<number> {
    const alert = await this.db
      .selectFrom('Alert')
      .select(['id', 'kind', 'gameIgdbId', 'platforms', 'priceCents'])
      .where('id', '=', alertId)
      .executeTakeFirst();
    if (!alert) return 0;
    const filtered = PLATFORM_FILTERED_KINDS.includes(alert.kind);
    const candidates = this.db
      .selectFrom(recipientsOf(this.db, alert).as('f'))
      .leftJoin('AlertSettings as s', 's.user', 'f.userId')
      .select((eb) => [
        'f.userId',
        sql<string>`${alertId}::bigint`.as('alertId'),
        sql<
          string | null
        >`case coalesce(${eb.ref('s.email')}, 'immediate') when 'immediate' then 'immediate' when 'off' then null else 'digest' end`.as(
          'mail',
        ),
      ])
      .where('f.userId', '>=', fromUserId)
      .where('f.userId', '<=', toUserId)
      .where((eb) => sql<boolean>`not (${alert.kind} = any(coalesce(${eb.ref('s.muted')}, '{}')))`)
      .$if(filtered, (query) =>
        query.where(
          (eb) =>
            sql<boolean>`(coalesce(cardinality(${eb.ref('s.platforms')}), 0) = 0 or ${eb.ref('s.platforms')} && ${alert.platforms}::text[])`,
        ),
      );
    const result = await this.db
      .insertInto('Notification')
      .columns(['user', 'alert', 'mail'])
      .expression(candidates as never)
      .onConflict((conflict) => conflict.columns(['user', 'alert']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * The notifications of the alert in the users' range still to be mailed at once. Their users get their
   * settings row first (it holds the unsubscribe token the mail carries).
   */
  async pendingImmediateMails(
    alertId: string,
    fromUserId: number,
    toUserId: number,
  ): Promise<PendingAlertMail[]> {
    const pending = this.db
      .selectFrom('Notification')
      .select('user')
      .where('alert', '=', alertId)
      .where('user', '>=', fromUserId)
      .where('user', '<=', toUserId)
      .where('mail', '=', 'immediate')
      .where('mailedAt', 'is', null);
    await this.db
      .insertInto('AlertSettings')
      .columns(['user'])
      .expression(pending as never)
      .onConflict((conflict) => conflict.column('user').doNothing())
      .execute();
    const rows = await this.db
      .selectFrom('Notification as n')
      .innerJoin('User as u', 'u.id', 'n.user')
      .innerJoin('AlertSettings as s', 's.user', 'n.user')
      .select(['n.id', 'u.id as userId', 'u.username', 'u.email', 's.unsubscribeToken'])
      .where('n.alert', '=', alertId)
      .where('n.user', '>=', fromUserId)
      .where('n.user', '<=', toUserId)
      .where('n.mail', '=', 'immediate')
      .where('n.mailedAt', 'is', null)
      .orderBy('n.user')
      .execute();
    return rows.map((row) => ({
      notificationId: String(row.id),
      userId: row.userId,
      username: row.username,
      email: row.email,
      unsubscribeToken: row.unsubscribeToken,
    }));
  }

  /** Their mail jobs are queued (each deduplicated by its key): they are no longer pending. */
  async markMailed(notificationIds: string[]): Promise<void> {
    if (notificationIds.length === 0) return;
    await this.db
      .updateTable('Notification')
      .set({ mailedAt: new Date() })
      .where('id', 'in', notificationIds)
      .execute();
  }

  /** Games that come out on this day (day precision only: never 'sale hoy' for a quarter). */
  async releasedOn(day: string): Promise<{ igdbId: number; platforms: string[] }[]> {
    return this.db
      .selectFrom('Game')
      .select(['igdbId', 'platforms'])
      .where('releaseDate', '=', day)
      .where('releaseDatePrecision', '=', 'day')
      .execute();
  }
}
