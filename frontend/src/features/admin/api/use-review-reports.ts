import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { ReviewReport } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useReviewReports() {
  return useSWR<ReviewReport[]>(apiPaths.admin.reports(), (path: string) => adminFetch<ReviewReport[]>(path));
}
