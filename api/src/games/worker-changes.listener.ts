import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JobGateway, QueueName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';

/**
 * Queues whose jobs change what the public reads show (media reviews, critic and player averages,
 * translated synopses, the news listing).
 */
const CHANGING_QUEUES = [
  QueueName.Scraping,
  QueueName.Averages,
  QueueName.Translation,
  QueueName.News,
] as const;

/**
 * Workers write to the database behind the API's back. When one of their jobs completes, the cached
 * anonymous reads are dropped, so a scraped review or a new average shows on the next request instead of
 * after the cache's TTL and a stale-while-revalidate round.
 */
@Injectable()
export class WorkerChangesListener implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly jobs: JobGateway,
    private readonly cache: MicroCache,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = CHANGING_QUEUES.map((queue) =>
      this.jobs.onCompleted(queue, () => this.cache.invalidate()),
    );
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
