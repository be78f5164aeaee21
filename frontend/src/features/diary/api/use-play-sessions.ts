import useSWR from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useAuthenticatedKey } from '../../auth';
import type { PlaySession } from '../../../lib/types';

export function usePlaySessions(igdbID: number | string) {
  return useSWR<PlaySession[]>(useAuthenticatedKey(apiPaths.user.gameSessions(igdbID)), swrFetcher);
}
