import { createHash } from 'node:crypto';

/**
 * The job id of an article import, derived from the URL: a double click in the admin and a feed listing
 * an article already queued both land on the same job instead of importing twice. (BullMQ ids may not
 * contain ':'.)
 */
export const importNewsJobId = (url: string): string =>
  `import-news-${createHash('sha256').update(url).digest('hex').slice(0, 40)}`;

/** Deduplication ids (one pending job per subject); these may contain ':'. */
export const scrapeGameDeduplicationId = (sourceId: number): string => `scrape-game:${sourceId}`;
export const recalculateAverageDeduplicationId = (gameId: number): string => `recalculate-average:${gameId}`;
export const translateGameDeduplicationId = (gameId: number): string => `translate-game:${gameId}`;

/** How long a purge waits, so the keys of changes close together leave in one CDN API call. */
export const PURGE_CDN_DELAY_MS = 1000;

/**
 * One pending purge per surrogate key; a change during a running purge queues one more behind it
 * (keepLastIfActive), so the CDN never keeps an answer older than the last change.
 */
export const purgeCdnJobOptions = (key: string) => ({
  delay: PURGE_CDN_DELAY_MS,
  deduplication: { id: `purge-cdn:${key}`, keepLastIfActive: true },
});
