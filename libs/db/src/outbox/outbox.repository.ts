import { EntityRepository } from '@mikro-orm/postgresql';
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

type Row = Record<string, unknown>;

export class OutboxRepository extends EntityRepository<OutboxMessage> {
  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.execute<T[]>(query, params, 'all');
  }

  /** Records a job to add; call it on the transaction's EntityManager so it commits with the change. */
  async add(jobName: string, payloads: Record<string, unknown>[]): Promise<string[]> {
    if (payloads.length === 0) return [];
    const rows = await this.sql<{ id: string }>(
      `insert into job_outbox (job_name, payload)
       select ?, value from jsonb_array_elements(?::jsonb) returning id::text as id`,
      [jobName, JSON.stringify(payloads)],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Unsent messages older than `minAgeMs` (the request that wrote a message sends it itself right away),
   * locked for the caller's transaction; concurrent relays skip each other's rows.
   */
  async claimPending(limit: number, minAgeMs: number): Promise<PendingMessage[]> {
    const rows = await this.sql<{ id: string; job_name: string; payload: Record<string, unknown> }>(
      `select id::text as id, job_name, payload from job_outbox
       where sent_at is null and created_at < now() - ? * interval '1 millisecond'
       order by id limit ? for update skip locked`,
      [minAgeMs, limit],
    );
    return rows.map((row) => ({ id: row.id, jobName: row.job_name, payload: row.payload }));
  }

  async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.sql(`update job_outbox set sent_at = now() where id = any(?::bigint[]) and sent_at is null`, [
      `{${ids.join(',')}}`,
    ]);
  }

  async recordFailure(ids: string[], error: string): Promise<void> {
    if (ids.length === 0) return;
    await this.sql(
      `update job_outbox set attempts = attempts + 1, last_error = ? where id = any(?::bigint[])`,
      // A PostgreSQL array literal: the driver would spread a JavaScript array into a list.
      [error.slice(0, 1000), `{${ids.join(',')}}`],
    );
  }

  /** Messages waiting for the queue: zero in a healthy system, growing while Redis is away. */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = await this.sql<{ pending: number; oldest: number | null }>(
      `select count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest
       from job_outbox where sent_at is null`,
    );
    return {
      pending: Number(row?.pending ?? 0),
      oldestPendingSeconds: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
    };
  }

  /** Sent messages are kept a day for inspection, then deleted. */
  async pruneSent(olderThanHours = 24): Promise<number> {
    const rows = await this.sql(
      `delete from job_outbox where sent_at < now() - make_interval(hours => ?) returning 1`,
      [olderThanHours],
    );
    return rows.length;
  }
}
