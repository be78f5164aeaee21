import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob } from '../../../lib/types';
import { adminFetch } from './admin-token';

/** Enqueues the import of one article from its URL. */
export function importNews(url: string) {
  return adminFetch<EnqueuedJob>(apiPaths.news.scraper(), { method: 'POST', form: { url } });
}
