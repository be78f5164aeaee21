import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Confirms a new address once per token (single-use link): never re-validated or retried. */
export function useEmailConfirmation(token: string | null) {
  return useSWR<{ message?: string } | null>(
    token ? apiPaths.auth.confirmEmail(token) : null,
    (path: string) => apiFetch(path, { token: null }),
    {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
}
