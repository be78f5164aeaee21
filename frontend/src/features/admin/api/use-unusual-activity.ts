import useSWR from 'swr';
import { apiPaths } from '../../../lib/paths';
import type { AdminUnusualWindow } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function useUnusualActivity() {
  return useSWR<AdminUnusualWindow[]>(apiPaths.admin.unusualActivity(), (path: string) =>
    adminFetch<AdminUnusualWindow[]>(path),
  );
}
