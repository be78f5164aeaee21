import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export interface ReliabilityReport {
  reconciliation: { at: string; checked: number; fixed: number; gameIds: number[] } | null;
  outbox: { pending: number; oldestPendingSeconds: number | null };
}

export function useReliability() {
  return useSWR<ReliabilityReport>(apiPaths.admin.reliability(), (path: string) =>
    adminFetch<ReliabilityReport>(path),
  );
}
