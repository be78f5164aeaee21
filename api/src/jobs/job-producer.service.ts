import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { JobsOptions, Queue } from 'bullmq';
import {
  ALL_QUEUES,
  JobName,
  type JobPayloads,
  logConnectionErrors,
  QUEUE_OF,
  QueueName,
} from '@veredicto/jobs';

export interface EnqueuedJob {
  jobId: string;
  queue: QueueName;
}

/** The one place where the API adds jobs; ids in payloads only, deduplicated where it makes sense. */
@Injectable()
export class JobProducer implements OnModuleInit {
  private queues = new Map<QueueName, Queue>();
  private readonly logger = new Logger(JobProducer.name);

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      logConnectionErrors(queue, (line) => this.logger.warn(line), `cola ${name}`);
      this.queues.set(name, queue);
    }
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new NotFoundException('Cola desconocida');
    return queue;
  }

  async enqueue<J extends JobName>(
    name: J,
    payload: JobPayloads[J],
    options: JobsOptions = {},
  ): Promise<EnqueuedJob> {
    const queue = this.queue(QUEUE_OF[name]);
    const job = await queue.add(name, payload, options);
    return { jobId: String(job.id), queue: QUEUE_OF[name] };
  }

  /**
   * One pending recalculation per game: while one runs, the newest request waits behind it
   * (keepLastIfActive), so a rating committed during a run is never missed.
   */
  recalculateAverage(gameId: number): Promise<EnqueuedJob> {
    return this.enqueue(
      JobName.RecalculateAverage,
      { gameId },
      { deduplication: { id: `recalculate-average:${gameId}`, keepLastIfActive: true } },
    );
  }

  async status(queueName: string, jobId: string) {
    if (!ALL_QUEUES.includes(queueName as QueueName)) throw new NotFoundException('Cola desconocida');
    const queue = this.queue(queueName as QueueName);
    // State first, then the job: a job that finishes between the two reads is reported as still running
    // (the caller polls again), never as completed without its result.
    const state = await queue.getJobState(jobId);
    const job = state === 'unknown' ? undefined : await queue.getJob(jobId);
    if (!job) throw new NotFoundException('Trabajo no encontrado');
    return {
      id: String(job.id),
      queue: queueName,
      name: job.name,
      state,
      progress: job.progress,
      result: job.returnvalue ?? null,
      failedReason: job.failedReason ?? null,
      attemptsMade: job.attemptsMade,
    };
  }
}
