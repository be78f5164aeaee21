import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { OutboxMessage, type OutboxBacklog } from '@veredicto/db';
import { logConnectionErrors } from './connection-errors.js';
import { JobGateway, withTimeout } from './job-gateway.js';
import { randomUUID } from 'node:crypto';
import type { DomainEvent, DomainEventEnvelope } from './domain-events.js';
import { JobName, type JobPayloads } from './job-names.js';

/** Domain events recorded in a transaction, to publish once it has committed. */
export interface RecordedEvents {
  envelopes: DomainEventEnvelope[];
  messageIds: string[];
}

/**
 * Records domain events on `tx` (the transaction of the change they report), each with its own id: what a
 * writer with no OutboxRelay at hand (the seed at the API's start) calls; the relay dispatches them.
 */
export async function recordDomainEvents(tx: EntityManager, events: DomainEvent[]): Promise<RecordedEvents> {
  const envelopes: DomainEventEnvelope[] = events.map((event) => ({ id: randomUUID(), event }));
  const payloads: JobPayloads[JobName.DispatchDomainEvent][] = envelopes;
  const messageIds = await tx
    .getRepository(OutboxMessage)
    .add(JobName.DispatchDomainEvent, payloads as unknown as Record<string, unknown>[]);
  return { envelopes, messageIds };
}

/** How often the relay looks for messages nobody sent (the writer sends its own at once). */
export const OUTBOX_RELAY_INTERVAL_MS = 1000;
/** A message younger than this is left to the request that wrote it. */
const OUTBOX_GRACE_MS = 2000;
const BATCH = 200;
/** A queue that does not answer within this is treated as down for this round. */
const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Records jobs in the transactional outbox and relays them to the queue. `record` runs inside the writer's
 * transaction; the relay (a timer in every API and worker process) adds the unsent ones and marks them
 * sent only once the queue accepted them, so a Redis outage delays a recalculation but never loses it, and
 * no write waits for Redis.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly errors = {
    on: (_: 'error', listener: (error: Error) => void) => (this.report = listener),
  };
  private report: (error: Error) => void = () => undefined;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private readonly publishedListeners = new Set<(events: DomainEvent[]) => void>();

  constructor(
    private readonly orm: MikroORM,
    private readonly gateway: JobGateway,
  ) {}

  onModuleInit(): void {
    logConnectionErrors(this.errors, (line) => this.logger.warn(line), 'relé de la bandeja de salida');
    this.timer = setInterval(() => void this.relayPending(), OUTBOX_RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Records the jobs on `tx` (the writer's transaction); answers the ids of the outbox messages. */
  record<J extends JobName>(tx: EntityManager, name: J, payloads: JobPayloads[J][]): Promise<string[]> {
    return tx.getRepository(OutboxMessage).add(name, payloads as Record<string, unknown>[]);
  }

  /**
   * Records domain events on `tx` (the transaction of the change they report), each with its own id; the
   * relay dispatches them if the writer does not (publishRecorded after the commit).
   */
  recordEvents(tx: EntityManager, events: DomainEvent[]): Promise<RecordedEvents> {
    return recordDomainEvents(tx, events);
  }

  /**
   * After the commit: sends the recorded events at once and marks them sent. Never throws: what could not
   * be sent stays in the outbox for the relay (the events' ids keep a second send from dispatching twice).
   */
  async publishRecorded({ envelopes, messageIds }: RecordedEvents): Promise<void> {
    if (envelopes.length === 0) return;
    const events = envelopes.map((envelope) => envelope.event);
    for (const listener of this.publishedListeners) {
      try {
        listener(events);
      } catch (error) {
        this.logger.warn(`oyente de eventos publicados: ${String(error)}`);
      }
    }
    try {
      await withTimeout(
        Promise.all(envelopes.map((envelope) => this.gateway.enqueue(JobName.DispatchDomainEvent, envelope))),
        ENQUEUE_TIMEOUT_MS,
      );
      await this.markSent(messageIds);
    } catch (error) {
      this.logger.warn(
        `eventos a la espera del relé: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Hears, in this process, the events its own writers publish after their commit, before they reach the
   * queue (the API drops the named games' cached reads at once; the other processes hear the dispatch
   * job's completion). Answers the unsubscribe.
   */
  onPublished(listener: (events: DomainEvent[]) => void): () => void {
    this.publishedListeners.add(listener);
    return () => this.publishedListeners.delete(listener);
  }

  /** Marks messages sent by their writer (who enqueued them itself right after the commit). */
  async markSent(ids: string[]): Promise<void> {
    await this.orm.em.fork().getRepository(OutboxMessage).markSent(ids);
  }

  backlog(): Promise<OutboxBacklog> {
    return this.orm.em.fork().getRepository(OutboxMessage).backlog();
  }

  /** One relay pass (never two at once in a process); answers how many messages it sent. */
  relayPending(): Promise<number> {
    this.running ??= this.relayOnce()
      .catch((error: unknown) => {
        this.report(error instanceof Error ? error : new Error(String(error)));
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private relayOnce(): Promise<number> {
    return this.orm.em.fork().transactional(async (tx) => {
      const outbox = tx.getRepository(OutboxMessage);
      const messages = await outbox.claimPending(BATCH, OUTBOX_GRACE_MS);
      // Messages with the same job and payload (ten ratings of one game) become one enqueue.
      const groups = new Map<string, typeof messages>();
      for (const message of messages) {
        const key = `${message.jobName}:${JSON.stringify(message.payload)}`;
        groups.set(key, [...(groups.get(key) ?? []), message]);
      }
      let sent = 0;
      for (const group of groups.values()) {
        const [{ jobName, payload }] = group;
        const ids = group.map((message) => message.id);
        try {
          await withTimeout(
            this.gateway.enqueue(jobName as JobName, payload as JobPayloads[JobName]),
            ENQUEUE_TIMEOUT_MS,
          );
        } catch (error) {
          // The queue is down: keep the rest for the next pass (in order), note why.
          await outbox.recordFailure(ids, error instanceof Error ? error.message : String(error));
          this.report(error instanceof Error ? error : new Error(String(error)));
          break;
        }
        await outbox.markSent(ids);
        sent += ids.length;
      }
      return sent;
    });
  }
}
