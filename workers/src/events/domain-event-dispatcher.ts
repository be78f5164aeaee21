import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { DomainEvent, JobName, JobPayloads, JobResults } from '@veredicto/jobs';
import type { DomainEventConsumer } from './domain-event-consumer.js';
import { DOMAIN_EVENT_CONSUMERS } from './domain-event-consumers.js';

type Dispatch = JobPayloads[JobName.DispatchDomainEvent];

/**
 * The one place where a domain event turns into side effects: each dispatch-domain-event job hands its
 * event to every consumer subscribed to its name. A consumer that fails fails the job after the others ran;
 * the retry runs only the consumers not yet done (recorded on the job), so each one handles an event once
 * unless its process dies in the middle (consumers are idempotent for that).
 */
@Injectable()
export class DomainEventDispatcher implements OnModuleInit {
  private readonly logger = new Logger(DomainEventDispatcher.name);
  private consumers: DomainEventConsumer[] = [];

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    this.consumers = DOMAIN_EVENT_CONSUMERS.map((type) => this.moduleRef.get(type, { strict: false }));
  }

  consumersOf(event: DomainEvent): DomainEventConsumer[] {
    return this.consumers.filter((consumer) => (consumer.events as readonly string[]).includes(event.name));
  }

  async dispatch(job: Job<Dispatch>): Promise<JobResults[JobName.DispatchDomainEvent]> {
    const { id, event } = job.data;
    const handled = new Set(job.data.handled ?? []);
    const failures: string[] = [];
    for (const consumer of this.consumersOf(event)) {
      if (handled.has(consumer.name)) continue;
      try {
        await consumer.handle(event as never);
        handled.add(consumer.name);
        await job.updateData({ ...job.data, handled: [...handled] });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn(`${event.name} ${id}: ${consumer.name} falló: ${reason}`);
        failures.push(`${consumer.name}: ${reason}`);
      }
    }
    if (failures.length) throw new Error(failures.join('; '));
    return { id, name: event.name, igdbId: event.igdbId, consumers: [...handled] };
  }
}
