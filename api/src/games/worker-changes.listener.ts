import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { logConnectionErrors, QueueName } from '../../../libs/jobs/src/index.js';
import { MicroCache } from '../common/micro-cache.js';
import { JobProducer } from '../jobs/job-producer.service.js';

/**
 * Queues whose jobs change what the public game reads show (media reviews, critic and player averages,
 * translated synopses).
 */
const CHANGING_QUEUES = [QueueName.Scraping, QueueName.Averages, QueueName.Translation] as const;

/**
 * Workers write to the database behind the API's back. When one of their jobs completes, the cached
 * anonymous reads are dropped, so a scraped review or a new average shows on the next request instead of
 * after the cache's TTL and a stale-while-revalidate round.
 */
@Injectable()
export class WorkerChangesListener implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WorkerChangesListener.name);
  private readonly events: QueueEvents[] = [];

  constructor(
    private readonly jobs: JobProducer,
    private readonly cache: MicroCache,
  ) {}

  onModuleInit(): void {
    for (const name of CHANGING_QUEUES) {
      const queue = this.jobs.queue(name);
      const events = new QueueEvents(queue.name, {
        connection: queue.opts.connection,
        prefix: queue.opts.prefix,
      });
      events.on('completed', () => this.cache.invalidate());
      logConnectionErrors(events, (line) => this.logger.warn(line), `eventos de la cola ${name}`);
      this.events.push(events);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.events.map((events) => events.close()));
  }
}
