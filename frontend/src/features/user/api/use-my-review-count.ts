import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useAuthenticatedKey } from '../../auth';

/** The number of reviews the user wrote (a plain number), which sets the badge tier. */
export function useMyReviewCount() {
  return useSWR<number>(useAuthenticatedKey(apiPaths.user.reviewCount()), async (path: string) =>
    Number(await apiFetch<number | string>(path)),
  );
}
