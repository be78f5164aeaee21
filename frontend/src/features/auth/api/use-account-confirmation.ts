import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Confirms an account once per token: the link is single-use, so it is never re-validated or retried. */
export function useAccountConfirmation(token: string | null) {
  return useSWR<{ message?: string } | string | null>(
    token ? apiPaths.auth.confirm(token) : null,
    (path: string) => apiFetch(path, { token: null }),
    {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
}
