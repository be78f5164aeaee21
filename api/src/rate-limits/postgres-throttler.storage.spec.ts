import type { RateLimitEntry } from '@veredicto/db';
import { countHit } from './postgres-throttler.storage.js';

/** Hits on one key at the given times, each on the entry the one before left. */
function hits(times: number[], ttl = 60_000, limit = 3, blockDuration = 0) {
  let entry: RateLimitEntry | null = null;
  return times.map((now) => {
    const change = countHit(entry, now, ttl, limit, blockDuration);
    entry = change.entry;
    return change.result;
  });
}

describe('the throttler’s rule on a shared count', () => {
  it('counts hits in a fixed window and blocks past the limit for the window’s length', () => {
    const results = hits([0, 1000, 2000, 3000, 4000]);
    expect(results.map((result) => result.totalHits)).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.isBlocked)).toEqual([false, false, false, true, true]);
    expect(results[0].timeToExpire).toBe(60);
    // Blocked at 3 s for the window's 60 s (no block duration of its own): 59 s left at 4 s.
    expect(results[4].timeToBlockExpire).toBe(59);
  });

  it('starts a new window once the last has ended, the block outliving it', () => {
    const results = hits([0, 1, 2, 3, 4000, 60_001], 60_000, 3, 5000);
    // Blocked from 3 ms to 5,003 ms; the window that began at 0 ends at 60 s, and a new one begins.
    expect(results.map((result) => result.isBlocked)).toEqual([false, false, false, true, true, false]);
    expect(results[4].timeToBlockExpire).toBe(2);
    expect(results[5].totalHits).toBe(1);
    const long = hits([0, 1, 2, 3, 60_000, 60_001], 60_000, 3, 120_000);
    // A block of 120 s goes on in the next window.
    expect(long.map((result) => result.isBlocked)).toEqual([false, false, false, true, true, true]);
    expect(long[4].totalHits).toBe(1);
  });
});
