import type { Job, Worker } from 'bullmq';
import type { ProcessMetrics } from './metrics.js';

const seconds = (job: Job) =>
  job.processedOn && job.finishedOn ? Math.max(0, job.finishedOn - job.processedOn) / 1000 : undefined;

/** Records the duration of every job this worker finishes, and every failed attempt. */
export function observeWorker(worker: Worker, metrics: ProcessMetrics): void {
  worker.on('completed', (job: Job) => {
    const duration = seconds(job);
    if (duration !== undefined) {
      metrics.jobDuration.observe({ queue: worker.name, job: job.name, outcome: 'completed' }, duration);
    }
  });
  worker.on('failed', (job: Job | undefined) => {
    metrics.jobFailures.inc({ queue: worker.name, job: job?.name ?? 'desconocido' });
    const duration = job ? seconds(job) : undefined;
    if (job && duration !== undefined) {
      metrics.jobDuration.observe({ queue: worker.name, job: job.name, outcome: 'failed' }, duration);
    }
  });
}
