import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob, JobStatus } from '../../../lib/types';
import { adminFetch } from './admin-token';

export const FINISHED_STATES = new Set(['completed', 'failed']);

/** Polls a queued job every second until it completes or fails. */
export function useJobStatus(job: EnqueuedJob | null) {
  return useSWR<JobStatus>(
    job ? apiPaths.admin.job(job.queue, job.jobId) : null,
    (path: string) => adminFetch<JobStatus>(path),
    {
      refreshInterval: (status) => (status && FINISHED_STATES.has(status.state) ? 0 : 1000),
      revalidateOnFocus: false,
    },
  );
}
