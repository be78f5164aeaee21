import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob } from '../../../lib/types';
import { adminFetch } from './admin-token';

/** One page the discovery job looked at for a game's critic reviews. */
export interface DiscoveryFinding {
  igdbId: number;
  title: string;
  url: string;
  origin: 'metacritic' | 'opencritic' | 'igdb' | 'outlet';
  reason: string | null;
  reviewCount: number;
  checkedAt: string;
}

export interface ReviewDiscoveryReport {
  enabled: boolean;
  found: DiscoveryFinding[];
  refused: DiscoveryFinding[];
}

export function useReviewDiscovery() {
  return useSWR<ReviewDiscoveryReport>(apiPaths.admin.reviewDiscovery(), (path: string) =>
    adminFetch<ReviewDiscoveryReport>(path),
  );
}

/** Enqueues a discovery run now (one at a time). */
export function runReviewDiscovery() {
  return adminFetch<EnqueuedJob>(apiPaths.admin.reviewDiscovery(), { method: 'POST' });
}
