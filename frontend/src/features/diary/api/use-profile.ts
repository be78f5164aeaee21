import useSWR from 'swr';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSession } from '../../auth';
import type { Profile } from '../../../lib/types';

/** A public profile; its answer depends on who asks (a profile for followers), so the key carries it. */
export function useProfile(username: string) {
  const { token } = useSession();
  return useSWR<Profile>([apiPaths.users.profile(username), token ?? ''], ([path]: [string, string]) =>
    swrFetcher<Profile>(path),
  );
}
