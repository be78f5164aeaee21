import useSWR from 'swr';
import { apiFetch, swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { FollowAnswer } from '../../../lib/types';
import { useSession } from '../../auth';

export function followUser(username: string) {
  return apiFetch<FollowAnswer>(apiPaths.users.follow(username), { method: 'PUT' });
}

export function unfollowUser(username: string) {
  return apiFetch<FollowAnswer>(apiPaths.users.follow(username), { method: 'DELETE' });
}

/** The signed-in reader's follow of a profile they may not see (404 when it is private or does not exist). */
export function useFollowState(username: string) {
  const { token } = useSession();
  return useSWR<FollowAnswer>(token ? [apiPaths.users.follow(username), token] : null, ([path]: [string]) =>
    swrFetcher<FollowAnswer>(path),
  );
}
