import { apiPaths } from '../../../lib/paths';
import type { EnqueuedJob } from '../../../lib/types';
import { adminFetch } from './admin-token';

/** Registers a media-review source for a game and enqueues its first scrape. */
export function addGameScraper(source: { url: string; igdbId: string }) {
  return adminFetch<EnqueuedJob>(apiPaths.games.gameScraper(), { method: 'POST', form: source });
}
