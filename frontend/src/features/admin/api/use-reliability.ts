import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { ReliabilityReport } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useReliability() {
  return useSWR<ReliabilityReport>(apiPaths.admin.reliability(), (path: string) =>
    adminFetch<ReliabilityReport>(path),
  );
}
