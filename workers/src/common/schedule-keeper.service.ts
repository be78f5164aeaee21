import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobGateway, JobName, QUEUE_OF, SCHEDULES, scheduleId } from '@veredicto/jobs';

/** How often the schedules are checked (and re-declared when Redis lost them). */
export const SCHEDULE_CHECK_MS = 10_000;

/**
 * Declares the repeated jobs at start and checks them every 10 s. Redis restarted without its data loses
 * both the schedules and any job in flight: when a schedule is found missing it is declared again and a
 * reconciliation is queued at once, which recomputes every figure whose recalculation was lost.
 */
@Injectable()
export class ScheduleKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduleKeeper.name);
  private timer?: NodeJS.Timeout;
  private checking = false;

  constructor(private readonly gateway: JobGateway) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.declare();
    // A worker that starts may follow an outage of any kind: check the figures once.
    await this.gateway.enqueue(JobName.ReconcileFigures, {});
    // And the catalogue's orderings: a first start walks them all, a later one what changed meanwhile.
    await this.gateway.enqueue(JobName.RefreshCatalogueOrderings, {});
    this.timer = setInterval(() => void this.check(), SCHEDULE_CHECK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Answers how many schedules were missing (and have been declared again). */
  async check(): Promise<number> {
    if (this.checking) return 0;
    this.checking = true;
    try {
      let missing = 0;
      for (const schedule of SCHEDULES) {
        const queue = this.gateway.queue(QUEUE_OF[schedule.name]);
        if (!(await queue.getJobScheduler(scheduleId(schedule)))) missing += 1;
      }
      if (missing > 0) {
        this.logger.warn(`${missing} tareas programadas desaparecidas de la cola: se declaran de nuevo`);
        await this.declare();
        await this.gateway.enqueue(JobName.ReconcileFigures, {});
        await this.gateway.enqueue(JobName.RefreshCatalogueOrderings, {});
      }
      return missing;
    } catch {
      // The queue is away: its own error listener reports it; the next check retries.
      return 0;
    } finally {
      this.checking = false;
    }
  }

  private async declare(): Promise<void> {
    for (const schedule of SCHEDULES) {
      const { name, pattern, tz, data } = schedule;
      // Idempotent: every worker process upserts the same schedulers.
      try {
        await this.gateway
          .queue(QUEUE_OF[name])
          .upsertJobScheduler(scheduleId(schedule), tz ? { pattern, tz } : { pattern }, { name, data });
      } catch (error) {
        // The scheduler's next run is already a job, and no longer a delayed one: a worker stopped and
        // started again within one period, after that run was taken (BullMQ's SchedulerJobIdCollision).
        // The scheduler is there; a missing one is declared again by the next check.
        if (!isIterationCollision(error)) throw error;
        this.logger.warn(`tarea programada ${name}: su próxima ejecución ya está en la cola`);
      }
    }
    this.logger.log(
      `tareas programadas: ${SCHEDULES.map(({ name, pattern }) => `${name} (${pattern})`).join(', ')}`,
    );
  }
}

/** BullMQ's error when a scheduler's next iteration id is a job that is no longer delayed. */
export function isIterationCollision(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message.startsWith('Cannot create job scheduler iteration - job ID already exists')
  );
}
