import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob, ReviewDiscoveryReport } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useReviewDiscovery() {
  return useSWR<ReviewDiscoveryReport>(apiPaths.admin.reviewDiscovery(), (path: string) =>
    adminFetch<ReviewDiscoveryReport>(path),
  );
}

/** Enqueues a discovery run now (one at a time). */
export function runReviewDiscovery() {
  return adminFetch<EnqueuedJob>(apiPaths.admin.reviewDiscovery(), { method: 'POST' });
}
