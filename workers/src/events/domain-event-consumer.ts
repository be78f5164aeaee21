import type { DomainEventName, DomainEventOf } from '@veredicto/jobs';

/**
 * Something that reacts to domain events: a Nest provider listed once in DOMAIN_EVENT_CONSUMERS. It must
 * be idempotent (an event may reach it again after a crash), and quick: long work is a job it enqueues.
 */
export interface DomainEventConsumer<N extends DomainEventName = DomainEventName> {
  /** Stable: recorded on the dispatch job, so a retry skips the consumers already done. */
  readonly name: string;
  readonly events: readonly N[];
  handle(event: DomainEventOf<N>): Promise<void>;
}
