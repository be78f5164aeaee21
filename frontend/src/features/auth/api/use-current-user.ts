import useSWR from 'swr';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { CurrentUser } from '../../../lib/types';

/** The profile behind a given token; keyed by the token so a new token re-validates. */
export function useCurrentUser(token: string | null) {
  return useSWR<CurrentUser>(
    token ? [apiPaths.user.me(), token] : null,
    ([path, bearer]: [string, string]) => apiFetch<CurrentUser>(path, { token: bearer }),
    { revalidateOnFocus: true, keepPreviousData: true },
  );
}
