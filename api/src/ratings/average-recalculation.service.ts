import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { Rating } from '@veredicto/db';
import { logConnectionErrors, QueueName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import { JobProducer } from '../jobs/job-producer.service.js';

/** How long a rating request waits for the worker before answering anyway. */
export const RECALCULATION_WAIT_MS = 3000;
const POLL_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Enqueues a game's recalculation and waits (bounded) until a run that saw the caller's rating has
 * finished, so the front's re-fetch of the average right after the POST shows it (decisions.md
 * section 2). The API never computes the average itself: if the worker is down or slow it answers
 * after the timeout and the queued job catches up later.
 */
@Injectable()
export class AverageRecalculationService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AverageRecalculationService.name);
  private events!: QueueEvents;

  constructor(
    private readonly jobs: JobProducer,
    private readonly em: EntityManager,
    private readonly catalogueCache: MicroCache,
  ) {}

  onModuleInit(): void {
    const queue = this.jobs.queue(QueueName.Averages);
    // Every request waiting for a job listens to the queue's 'closing' event: many at once is normal.
    queue.setMaxListeners(0);
    this.events = new QueueEvents(queue.name, {
      connection: queue.opts.connection,
      prefix: queue.opts.prefix,
    });
    // Each waiting request listens for its job's end on this one QueueEvents: many at once is normal.
    this.events.setMaxListeners(0);
    logConnectionErrors(this.events, (line) => this.logger.warn(line), 'eventos de la cola averages');
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }

  /** The database time after the caller's write committed: a later run started after it saw the write. */
  committedAt(): Promise<bigint> {
    return this.em.getRepository(Rating).databaseNowMicros();
  }

  /**
   * With deduplication, adding may return the pending job (it will see the rating), the running one
   * (it may not), or the one queued behind it. So: wait for the returned job, check that the stored
   * average was written after the rating committed, and otherwise wait for the next run.
   */
  async recalculateAndWait(
    gameId: number,
    committedAt: bigint,
    timeoutMs = RECALCULATION_WAIT_MS,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const queue = this.jobs.queue(QueueName.Averages);
    try {
      let { jobId } = await this.jobs.recalculateAverage(gameId);
      for (;;) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        const job = await queue.getJob(jobId);
        const finished = job
          ? job.waitUntilFinished(this.events, remaining).then(
              () => true,
              () => true,
            )
          : Promise.resolve(true);
        // Also watch the stored row itself: the end-of-job event can arrive late (notably on the
        // PostgreSQL queue backend), while the row tells at once that a run saw the rating.
        for (;;) {
          if (await this.includes(gameId, committedAt)) {
            // The catalogue's short cache must not hide the new average from the caller's next read.
            this.catalogueCache.invalidate();
            return true;
          }
          if (Date.now() >= deadline) return false;
          const ended = await Promise.race([finished, sleep(POLL_MS).then(() => false)]);
          if (ended) break;
        }
        if (await this.includes(gameId, committedAt)) {
          this.catalogueCache.invalidate();
          return true;
        }
        ({ jobId } = await this.jobs.recalculateAverage(gameId));
      }
    } catch (error) {
      // Redis away: the rating is stored; the average catches up when a job runs.
      this.logger.warn(`recalculation of game ${gameId}: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  private async includes(gameId: number, committedAt: bigint): Promise<boolean> {
    const row = await this.em.getRepository(Rating).findPlayerAverage(gameId);
    return !row || row.recalculatedAtMicros > committedAt;
  }
}
