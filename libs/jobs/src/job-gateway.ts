import { getQueueToken } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QueueEvents, type Queue } from 'bullmq';
import { notePossibleEffect } from '@veredicto/db';
import { logConnectionErrors, resendUnsent } from './connection-errors.js';
import { jobOptions } from './job-options.js';
import { ALL_QUEUES, JobName, type JobPayloads, QUEUE_OF, QueueName } from './job-names.js';
import type { QueueConnection } from './queue-connection.js';

export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');

export interface EnqueuedJob {
  jobId: string;
  queue: QueueName;
}

export type CompletionListener = (event: { jobId: string; returnvalue: unknown }) => void;

/**
 * The one door to the queues, for the API and the workers alike: jobs are added by name and typed payload,
 * with the options of the one table in job-options.ts; one QueueEvents per queue feeds every completion
 * listener.
 */
@Injectable()
export class JobGateway implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobGateway.name);
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();
  private readonly listeners = new Map<QueueName, Set<CompletionListener>>();

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(QUEUE_CONNECTION) private readonly connection: QueueConnection,
  ) {}

  onModuleInit(): void {
    for (const name of ALL_QUEUES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      logConnectionErrors(queue, (line) => this.logger.warn(line), `cola ${name}`);
      this.queues.set(name, queue);
    }
  }

  /**
   * On BullMQ's PostgreSQL backend each queue object sets up its connection (the schema's migration, on a
   * connection it holds without an error listener) the first time it is used, and keeps a failed setup for
   * good. Done here, before the process takes traffic, that setup never meets the first requests: a
   * connection terminated under load (a failover, pg_terminate_backend) cannot end the process or leave a
   * queue unusable until a restart. On Redis, readiness is not awaited: the API starts while Redis is away
   * (the outbox sends the jobs later).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.connection.backend !== 'postgres') return;
    const objects = [...this.queues.values(), ...this.events.values()];
    await Promise.all(
      objects.map((object) =>
        object.waitUntilReady().catch((error: unknown) => {
          this.logger.error(
            `cola ${object.name} sin preparar: ${error instanceof Error ? error.message : String(error)}`,
          );
          throw error;
        }),
      ),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.events.values()].map((events) => events.close()));
    this.events.clear();
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new NotFoundException('Cola desconocida');
    return queue;
  }

  /** Adds one job with its options from the table. A finished job holding the same fixed id is replaced. */
  async enqueue<J extends JobName>(name: J, payload: JobPayloads[J]): Promise<EnqueuedJob> {
    const queue = this.queue(QUEUE_OF[name]);
    const options = jobOptions(name, payload);
    if (options.jobId) {
      const existing = await queue.getJob(options.jobId);
      if (existing && ['completed', 'failed'].includes(await existing.getState())) {
        await existing.remove().catch(() => undefined);
      }
    }
    // A request that queued a job is not run again after a lost database connection.
    notePossibleEffect();
    // Sent again when it certainly never reached the queue (after the request's COMMIT the request itself
    // can no longer be run again).
    const job = await resendUnsent(() => queue.add(name, payload, options));
    return { jobId: String(job.id), queue: QUEUE_OF[name] };
  }

  /** Adds many jobs of one name at once (a feed's new articles, the catalogue's sources). */
  async enqueueMany<J extends JobName>(name: J, payloads: JobPayloads[J][]): Promise<EnqueuedJob[]> {
    if (payloads.length === 0) return [];
    notePossibleEffect();
    const jobs = await resendUnsent(() =>
      this.queue(QUEUE_OF[name]).addBulk(
        payloads.map((data) => ({ name, data, opts: jobOptions(name, data) })),
      ),
    );
    return jobs.map((job) => ({ jobId: String(job.id), queue: QUEUE_OF[name] }));
  }

  /** Calls `listener` for every job of the queue that completes; answers the function that unsubscribes. */
  onCompleted(queue: QueueName, listener: CompletionListener): () => void {
    this.eventsOf(queue);
    const set = this.listeners.get(queue)!;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** A job's state, progress and result, for the admin screen. */
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

  private eventsOf(name: QueueName): QueueEvents {
    let events = this.events.get(name);
    if (events) return events;
    events = new QueueEvents(name, this.connection.options);
    const listeners = new Set<CompletionListener>();
    this.listeners.set(name, listeners);
    events.on('completed', ({ jobId, returnvalue }) => {
      for (const listener of listeners) listener({ jobId, returnvalue });
    });
    logConnectionErrors(events, (line) => this.logger.warn(line), `eventos de la cola ${name}`);
    this.events.set(name, events);
    return events;
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
