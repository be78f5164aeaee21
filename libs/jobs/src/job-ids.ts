import { createHash } from 'node:crypto';
import type { CatalogueOrderingPayload } from './job-names.js';

/**
 * The job id of an article import, derived from the URL: a double click in the admin and a feed listing
 * an article already queued both land on the same job instead of importing twice. (BullMQ ids may not
 * contain ':'.)
 */
export const importNewsJobId = (url: string): string =>
  `import-news-${createHash('sha256').update(url).digest('hex').slice(0, 40)}`;

/** Deduplication ids (one pending job per subject); these may contain ':'. */
export const scrapeGameDeduplicationId = (sourceId: number): string => `scrape-game:${sourceId}`;
/**
 * A recalculation after media reviews changed is deduplicated apart from a player's: one waiting for a
 * rating would otherwise swallow it and the outlets' figures would not be refreshed.
 */
export const recalculateAverageDeduplicationId = (gameId: number, mediaReviews = false): string =>
  `recalculate-average:${gameId}${mediaReviews ? ':media-reviews' : ''}`;
export const translateGameDeduplicationId = (gameId: number): string => `translate-game:${gameId}`;

/** One pending CDN purge per surrogate key. */
export const purgeCdnDeduplicationId = (key: string): string => `purge-cdn:${key}`;

/** One e-mail per template and key (an alert's change and user, a report's id). */
export const sendMailDeduplicationId = (template: string, key: string): string =>
  `send-mail:${template}:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

/** One dispatch per domain event, however many times the outbox relays it. */
export const domainEventDeduplicationId = (eventId: string): string => `domain-event:${eventId}`;

/** One pending similar-games computation per game. */
export const computeSimilarGamesDeduplicationId = (igdbId: number): string =>
  `compute-similar-games:${igdbId}`;

/** One pending computation of a game's players' times. */
export const computePlayerTimesDeduplicationId = (gameId: number): string => `compute-player-times:${gameId}`;

/** One pending walk per catalogue ordering: its sort and filters, hashed (genre lists can be long). */
export const walkCatalogueOrderingDeduplicationId = (ordering: CatalogueOrderingPayload): string =>
  `walk-catalogue-ordering:${createHash('sha256')
    .update(
      JSON.stringify([
        ordering.sort,
        Object.entries(ordering.filters)
          .filter(([, value]) => value !== undefined && value !== false)
          .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ]),
    )
    .digest('hex')
    .slice(0, 32)}`;
