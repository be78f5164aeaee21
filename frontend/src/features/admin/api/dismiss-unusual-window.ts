import { apiPaths } from '../../../lib/paths';
import type { DismissedUnusualWindow } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function dismissUnusualWindow(windowId: number) {
  return adminFetch<DismissedUnusualWindow>(apiPaths.admin.dismissUnusual(windowId), { method: 'POST' });
}
