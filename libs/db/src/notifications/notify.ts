import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../typed-sql.js';

/**
 * PostgreSQL's NOTIFY on a channel, on the primary: every session of this database that LISTENs to it
 * hears the payload once the statement's transaction commits (at once here, outside a transaction).
 */
export async function notifyChannel(em: SqlEntityManager, channel: string, payload: string): Promise<void> {
  await typedSql(em)
    .selectNoFrom((eb) => eb.fn<void>('pg_notify', [eb.val(channel), eb.val(payload)]).as('notified'))
    .execute();
}
