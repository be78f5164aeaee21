import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OutboxRepository } from './outbox.repository.js';

/**
 * A job to add, written in the same transaction as the change that needs it (transactional outbox): the
 * change and its "recompute this game's figures" record commit together or not at all, and a relay moves
 * the record to the queue, marking it sent only once the queue has accepted it.
 */
@Entity({ tableName: 'job_outbox', repository: () => OutboxRepository })
@Index({ name: 'job_outbox_pending_idx', properties: ['id'], where: 'sent_at is null' })
export class OutboxMessage {
  [EntityRepositoryType]?: OutboxRepository;

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ length: 100 })
  jobName!: string;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;
}
