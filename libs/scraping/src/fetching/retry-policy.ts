export interface RetryDelayOptions {
  /** First retry delay; doubled on each further attempt. */
  baseDelayMs: number;
  /** Ceiling of the exponential delay. */
  maxDelayMs: number;
  /** Ceiling of a server-imposed Retry-After, so one slow site cannot park a worker for hours. */
  maxRetryAfterMs: number;
  /** Uniform in [0, 1); injectable for deterministic tests. */
  random?: () => number;
}

/** 429 and 5xx are worth another try; any other 4xx will answer the same next time. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/** Retry-After is either delta-seconds or an HTTP date; returns milliseconds from `now`, or undefined. */
export function parseRetryAfter(header: string | undefined, now: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before the attempt after `failedAttempt` (1-based). A Retry-After wins (capped); otherwise
 * exponential backoff with "equal jitter": half the delay is fixed, half random, which spreads retries
 * of many workers hitting the same site without ever retrying immediately.
 */
export function computeRetryDelay(
  failedAttempt: number,
  retryAfterMs: number | undefined,
  options: RetryDelayOptions,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxRetryAfterMs);
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (failedAttempt - 1));
  const random = options.random ?? Math.random;
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
