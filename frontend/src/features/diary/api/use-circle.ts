import useSWR from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { CircleAverage } from '../../../lib/types';
import { useAuthenticatedKey } from '../../auth';

/** 'Tu círculo': the average of the people the user follows (null under three of them). */
export function useCircle(igdbID: number | string) {
  return useSWR<CircleAverage>(useAuthenticatedKey(apiPaths.user.circle(igdbID)), swrFetcher);
}
