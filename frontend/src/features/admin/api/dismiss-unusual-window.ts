import { apiPaths } from '../../../lib/paths';
import { adminFetch } from './admin-token';

export function dismissUnusualWindow(windowId: number) {
  return adminFetch<{ status: 'dismissed'; avUserRatings: number | null }>(
    apiPaths.admin.dismissUnusual(windowId),
    {
      method: 'POST',
    },
  );
}
