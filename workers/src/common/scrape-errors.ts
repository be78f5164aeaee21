import { UnrecoverableError } from 'bullmq';
import { FeedParseError } from '@veredicto/scraping/feeds/parse-feed.js';
import { FetchError, RobotsDisallowedError, UnsafeUrlError } from '@veredicto/scraping/fetching/index.js';

/**
 * Failures that no retry can fix (a refused URL, robots.txt, a 404, a page that is not what it should be)
 * become UnrecoverableError so BullMQ fails the job at once instead of backing off five times.
 */
export function asJobError(error: unknown): Error {
  if (error instanceof UnrecoverableError) return error;
  const permanent =
    error instanceof UnsafeUrlError ||
    error instanceof RobotsDisallowedError ||
    error instanceof FeedParseError ||
    (error instanceof FetchError && !error.retryable);
  if (permanent) return new UnrecoverableError((error as Error).message);
  return error instanceof Error ? error : new Error(String(error));
}

export const errorMessage = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);
