import { apiPaths } from '../../../lib/paths';
import type { NewsFeed } from '../../../lib/types';
import { adminFetch } from './admin-token';

export function addFeed(url: string) {
  return adminFetch<NewsFeed>(apiPaths.admin.feeds(), { method: 'POST', json: { url } });
}
