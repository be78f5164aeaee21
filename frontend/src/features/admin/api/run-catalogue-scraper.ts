import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob } from '../../../lib/types';
import { adminFetch } from './admin-token';

/** Enqueues the general scraper (every source, plus the IGDB import when configured). */
export function runCatalogueScraper() {
  return adminFetch<EnqueuedJob>(apiPaths.games.catalogueScraper());
}
