import { EntityRepository } from '@mikro-orm/postgresql';
import type { AlertKind } from '@veredicto/contract';
import { typedSql } from '../typed-sql.js';
import type { Notification } from './notification.entity.js';

export interface NotificationRow {
  id: string;
  kind: AlertKind;
  igdbId: number;
  slug: string;
  title: string;
  text: string;
  createdAt: Date;
  readAt: Date | null;
}

/** A user's notifications waiting for a digest, with what the digest needs. */
export interface DigestRow {
  notificationId: string;
  userId: number;
  username: string;
  email: string;
  unsubscribeToken: string;
  igdbId: number;
  title: string;
  slug: string;
  text: string;
}

/** The bell and the notifications page: a user's notifications, newest first. */
export class NotificationRepository extends EntityRepository<Notification> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  async page(userId: number, page: number, size: number): Promise<NotificationRow[]> {
    const rows = await this.db
      .selectFrom('Notification as n')
      .innerJoin('Alert as a', 'a.id', 'n.alert')
      .innerJoin('Game as g', 'g.igdbId', 'a.gameIgdbId')
      .select(['n.id', 'a.kind', 'g.igdbId', 'g.slug', 'g.title', 'a.text', 'n.createdAt', 'n.readAt'])
      .where('n.user', '=', userId)
      .orderBy('n.id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id), readAt: row.readAt ?? null }));
  }

  async unread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('Notification')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user', '=', userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Marks these of the user's notifications (or all of them) read; answers how many were unread. */
  async markRead(userId: number, ids: string[] | 'all'): Promise<number> {
    if (ids !== 'all' && ids.length === 0) return 0;
    const result = await this.db
      .updateTable('Notification')
      .set({ readAt: new Date() })
      .where('user', '=', userId)
      .where('readAt', 'is', null)
      .$if(ids !== 'all', (query) => query.where('id', 'in', ids as string[]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Notifications waiting for a digest of users whose setting is this period now (a user who switched to
   * 'off' meanwhile is left out and cleared by `dropDigests`), oldest first; settings rows exist for them.
   */
  async pendingDigests(period: 'daily' | 'weekly', limit: number): Promise<DigestRow[]> {
    const rows = await this.db
      .selectFrom('Notification as n')
      .innerJoin('AlertSettings as s', 's.user', 'n.user')
      .innerJoin('User as u', 'u.id', 'n.user')
      .innerJoin('Alert as a', 'a.id', 'n.alert')
      .innerJoin('Game as g', 'g.igdbId', 'a.gameIgdbId')
      .select([
        'n.id',
        'u.id as userId',
        'u.username',
        'u.email',
        's.unsubscribeToken',
        'g.igdbId',
        'g.title',
        'g.slug',
        'a.text',
      ])
      .where('n.mail', '=', 'digest')
      .where('n.mailedAt', 'is', null)
      .where('s.email', '=', period)
      .orderBy('n.user')
      .orderBy('n.id')
      .limit(limit)
      .execute();
    return rows.map(({ id, ...row }) => ({ notificationId: String(id), ...row }));
  }

  /** Digest notifications of users who turned mail off: nothing is to be mailed for them any more. */
  async dropDigests(): Promise<number> {
    const off = this.db.selectFrom('AlertSettings').select('user').where('email', '=', 'off');
    const result = await this.db
      .updateTable('Notification')
      .set({ mail: null })
      .where('mail', '=', 'digest')
      .where('mailedAt', 'is', null)
      .where('user', 'in', off)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
