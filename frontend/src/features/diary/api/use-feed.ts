import useSWRInfinite from 'swr/infinite';
import { swrFetcher } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSession } from '../../auth';
import type { FeedPage } from '../../../lib/types';

/** 'Actividad', page after page through the cursor each page hands out. */
export function useFeed() {
  const { token } = useSession();
  return useSWRInfinite<FeedPage>((index, previous: FeedPage | null) => {
    if (!token) return null;
    if (index === 0) return apiPaths.user.feed();
    return previous?.next ? apiPaths.user.feed(previous.next) : null;
  }, swrFetcher);
}
