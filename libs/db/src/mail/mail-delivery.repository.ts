import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { MailDelivery } from './mail-delivery.entity.js';

export class MailDeliveryRepository extends EntityRepository<MailDelivery> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * Records the key before the mail goes to the server; false when a mail with this key was sent already.
   * A key recorded but never marked (the server refused, the process died) may be sent again.
   */
  async begin(key: string): Promise<boolean> {
    await this.db
      .insertInto('MailDelivery')
      .values({ key })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('MailDelivery')
      .select('sentAt')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.sentAt === null;
  }

  async markSent(key: string): Promise<void> {
    await this.db
      .updateTable('MailDelivery')
      .set({ sentAt: sql<Date>`now()` })
      .where('key', '=', key)
      .execute();
  }
}
