import { computeRetryDelay, isRetryableStatus, parseRetryAfter } from './retry-policy.js';

const options = { baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

describe('retry policy', () => {
  it('retries 429 and 5xx only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 410, 451, 200, 304].some(isRetryableStatus)).toBe(false);
  });

  it('doubles the delay with equal jitter, within the ceiling', () => {
    const low = { ...options, random: () => 0 };
    const high = { ...options, random: () => 0.999999 };
    expect([1, 2, 3, 4, 5].map((attempt) => computeRetryDelay(attempt, undefined, low))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => computeRetryDelay(attempt, undefined, high))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
  });

  it('prefers Retry-After, capped', () => {
    expect(computeRetryDelay(1, 2000, options)).toBe(2000);
    expect(computeRetryDelay(1, 0, options)).toBe(0);
    expect(computeRetryDelay(1, 3_600_000, options)).toBe(5000);
  });

  it('parses both forms of Retry-After', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
