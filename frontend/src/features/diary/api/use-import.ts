import useSWR from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useAuthenticatedKey } from '../../auth';
import type { DiaryImport } from '../../../lib/types';

/** How often the screen asks again while the job is still matching titles. */
const MATCHING_REFRESH_MS = 1000;

/** One import; read again every second while its games are being matched. */
export function useImport(importId: number | null) {
  const key = useAuthenticatedKey(importId === null ? null : apiPaths.user.importRun(importId));
  return useSWR<DiaryImport>(key, swrFetcher, {
    refreshInterval: (data) => (data?.state === 'matching' ? MATCHING_REFRESH_MS : 0),
  });
}
