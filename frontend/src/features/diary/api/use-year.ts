import useSWR from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSession } from '../../auth';
import type { YearInReview } from '../../../lib/types';

/** 'Tu año' of a user; like the profile, its answer depends on who asks, so the key carries it. */
export function useYear(username: string, year: string) {
  const { token } = useSession();
  return useSWR<YearInReview>(
    [apiPaths.users.year(username, year), token ?? ''],
    ([path]: [string, string]) => swrFetcher<YearInReview>(path),
  );
}
