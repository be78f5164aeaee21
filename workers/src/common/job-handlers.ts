import { UnrecoverableError, WaitingError, type Job } from 'bullmq';
import {
  JobName,
  type JobPayloads,
  type JobProgress,
  type JobResults,
  QueueName,
  QUEUE_OF,
} from '@veredicto/jobs';

type JobsOf<Q extends QueueName> = { [J in JobName]: (typeof QUEUE_OF)[J] extends Q ? J : never }[JobName];

/** A processor's handlers: the type demands one for every job of its queue. */
export type QueueHandlers<Q extends QueueName> = {
  [J in JobsOf<Q>]: (
    payload: JobPayloads[J],
    job: Job<JobPayloads[J]>,
    signal: AbortSignal,
  ) => Promise<JobResults[J]>;
};

const registered = new Set<JobName>();

export function registerHandlers(queue: QueueName, handlers: Partial<Record<JobName, unknown>>): void {
  for (const name of Object.keys(handlers) as JobName[]) {
    if (QUEUE_OF[name] !== queue) throw new Error(`job ${name} does not belong to queue ${queue}`);
    registered.add(name);
  }
}

/** Startup fails when a job of the queues this process serves has no handler in it. */
export function assertEveryJobHasAHandler(queues: readonly QueueName[] = Object.values(QueueName)): void {
  const missing = Object.values(JobName).filter(
    (name) => queues.includes(QUEUE_OF[name]) && !registered.has(name),
  );
  if (missing.length) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
}

/** A signal that never aborts, for a job run without one (BullMQ passes one to every processor here). */
const NEVER = new AbortController().signal;

/**
 * Runs the job's handler. `signal` aborts when the worker gives the job up (a shutdown: see
 * workers/src/main.ts); a handler that stops because of it has its job handed back to the queue (moved to
 * wait, not failed, no attempt spent), so a worker that starts later runs it again from the beginning.
 */
export async function dispatch(
  handlers: Partial<Record<string, unknown>>,
  job: Job,
  token?: string,
  signal: AbortSignal = NEVER,
): Promise<unknown> {
  const handler = handlers[job.name] as
    ((payload: unknown, job: Job, signal: AbortSignal) => Promise<unknown>) | undefined;
  // A job this worker does not know would fail on every retry: fail it once, visibly.
  if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
  try {
    return await handler(job.data, job, signal);
  } catch (error) {
    if (!signal.aborted) throw error;
    await job.moveToWait(token);
    throw new WaitingError();
  }
}

/** A progress callback that shows each step on the job (read by the admin screen). */
export const progressOf =
  (job: Job) =>
  async (progress: JobProgress): Promise<void> => {
    // BullMQ types progress as a number or a plain object; JobProgress is such an object.
    await job.updateProgress({ ...progress });
  };
