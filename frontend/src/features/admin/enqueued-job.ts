import type { EnqueuedJob } from '../../lib/types';

/** Enqueueing calls answer {jobId, queue}; anything else means there is nothing to follow. */
export function asEnqueuedJob(answer: unknown): EnqueuedJob | null {
  if (!answer || typeof answer !== 'object') return null;
  const { jobId, queue } = answer as Record<string, unknown>;
  if ((typeof jobId === 'string' || typeof jobId === 'number') && typeof queue === 'string') {
    return { jobId: String(jobId), queue };
  }
  return null;
}
