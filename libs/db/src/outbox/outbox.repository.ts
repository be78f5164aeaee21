import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { OutboxMessage } from './outbox-message.entity.js';

export interface PendingMessage {
  id: string;
  jobName: string;
  payload: Record<string, unknown>;
}

export interface OutboxBacklog {
  pending: number;
  oldestPendingSeconds: number | null;
}

/** Message ids (bigint, as strings) as one PostgreSQL array parameter, whatever their number. */
const idArray = (ids: string[]) => sql<string[]>`${ids}::bigint[]`;

export class OutboxRepository extends EntityRepository<OutboxMessage> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Records a job to add; call it on the transaction's EntityManager so it commits with the change. */
  async add(jobName: string, payloads: Record<string, unknown>[]): Promise<string[]> {
    if (payloads.length === 0) return [];
    // One statement and one JSON parameter for all the payloads.
    const rows = await this.db
      .insertInto('OutboxMessage')
      .columns(['jobName', 'payload'])
      .expression((insert) =>
        insert
          .selectFrom(
            sql<{
              payload: Record<string, unknown>;
            }>`jsonb_array_elements(${JSON.stringify(payloads)}::jsonb)`.as<'p'>(
              sql`p(${sql.id('payload')})`,
            ),
          )
          .select([sql<string>`${jobName}::text`.as('jobName'), 'p.payload']),
      )
      .returning('id')
      .execute();
    return rows.map((row) => String(row.id));
  }

  /**
   * Unsent messages older than `minAgeMs` (the request that wrote a message sends it itself right away),
   * locked for the caller's transaction; concurrent relays skip each other's rows.
   */
  async claimPending(limit: number, minAgeMs: number): Promise<PendingMessage[]> {
    const rows = await this.db
      .selectFrom('OutboxMessage')
      .select(['id', 'jobName', 'payload'])
      .where('sentAt', 'is', null)
      .where('createdAt', '<', sql<Date>`now() - ${minAgeMs} * interval '1 millisecond'`)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      jobName: row.jobName,
      payload: row.payload as Record<string, unknown>,
    }));
  }

  async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('OutboxMessage')
      .set({ sentAt: sql<Date>`now()` })
      .where('id', '=', (where) => where.fn.any(idArray(ids)))
      .where('sentAt', 'is', null)
      .execute();
  }

  async recordFailure(ids: string[], error: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('OutboxMessage')
      .set((update) => ({ attempts: update('attempts', '+', 1), lastError: error.slice(0, 1000) }))
      .where('id', '=', (where) => where.fn.any(idArray(ids)))
      .execute();
  }

  /** Messages waiting for the queue: zero in a healthy system, growing while Redis is away. */
  async backlog(): Promise<OutboxBacklog> {
    const row = await this.db
      .selectFrom('OutboxMessage')
      .select((select) => [
        sql<number>`count(*)::int`.as('pending'),
        sql<number | null>`extract(epoch from now() - min(${select.ref('createdAt')}))::float8`.as('oldest'),
      ])
      .where('sentAt', 'is', null)
      .executeTakeFirst();
    return {
      pending: Number(row?.pending ?? 0),
      oldestPendingSeconds: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
    };
  }

  /** Sent messages are kept a day for inspection, then deleted. */
  async pruneSent(olderThanHours = 24): Promise<number> {
    const result = await this.db
      .deleteFrom('OutboxMessage')
      .where('sentAt', '<', sql<Date>`now() - make_interval(hours => ${olderThanHours})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
