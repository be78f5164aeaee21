import type { Job, Worker } from 'bullmq';
import type { ProcessMetrics } from './metrics.js';

/**
 * Records the duration of every job this worker finishes, and every failed attempt. Durations are timed
 * here, from `active` to `completed`/`failed`, rather than read from the job's timestamps, which not
 * every queue backend fills in on the job object the event carries.
 */
export function observeWorker(worker: Worker, metrics: ProcessMetrics): void {
  // A job id is active at most once at a time in a worker; a job lost to a crash leaves an entry, so
  // the map is bounded.
  const started = new Map<string, bigint>();
  const elapsed = (job: Job | undefined) => {
    const start = job?.id === undefined ? undefined : started.get(job.id);
    if (job?.id !== undefined) started.delete(job.id);
    return start === undefined ? undefined : Number(process.hrtime.bigint() - start) / 1e9;
  };
  worker.on('active', (job: Job) => {
    if (job.id === undefined) return;
    if (started.size >= 10_000) started.delete(started.keys().next().value as string);
    started.set(job.id, process.hrtime.bigint());
  });
  worker.on('completed', (job: Job) => {
    const duration = elapsed(job);
    if (duration !== undefined) {
      metrics.jobDuration.observe({ queue: worker.name, job: job.name, outcome: 'completed' }, duration);
    }
  });
  worker.on('failed', (job: Job | undefined) => {
    metrics.jobFailures.inc({ queue: worker.name, job: job?.name ?? 'desconocido' });
    const duration = elapsed(job);
    if (job && duration !== undefined) {
      metrics.jobDuration.observe({ queue: worker.name, job: job.name, outcome: 'failed' }, duration);
    }
  });
}
