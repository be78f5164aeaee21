import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateDatabase, openDatabase, RateLimit } from '@veredicto/db';
import { throttlerRecord } from '../../api/src/rate-limits/postgres-throttler.storage.js';
import { testEnv } from '../support/test-env.js';

/**
 * The throttler's count on PostgreSQL (no Redis: the embedded run), one statement per hit
 * (RateLimitRepository.countHit): the rule of the Redis storage's script, with the times given.
 */
describe('the throttler’s count in PostgreSQL', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 4 });
    await migrateDatabase(orm, testEnv().databaseUrl);
  }, 60_000);

  afterAll(async () => {
    await orm?.em.fork().nativeDelete(RateLimit, { key: { $like: 'rate-limit-count-test:%' } });
    await orm?.close(true);
  });

  /** Hits on a fresh key at the given times (ms after a base far from the real clock), in turn. */
  async function hits(times: number[], ttl = 60_000, limit = 3, blockDuration = 0) {
    const key = `rate-limit-count-test:${randomUUID()}`;
    const base = Date.UTC(2030, 0, 1);
    const results = [];
    for (const time of times) {
      const entry = await orm.em
        .fork()
        .getRepository(RateLimit)
        .countHit(key, base + time, ttl, limit, blockDuration);
      results.push(throttlerRecord(entry, base + time));
    }
    return results;
  }

  it('counts hits in a fixed window and blocks past the limit for the window’s length', async () => {
    const results = await hits([0, 1000, 2000, 3000, 4000]);
    expect(results.map((result) => result.totalHits)).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.isBlocked)).toEqual([false, false, false, true, true]);
    expect(results[0].timeToExpire).toBe(60);
    // Blocked at 3 s for the window's 60 s (no block duration of its own): 59 s left at 4 s.
    expect(results[4].timeToBlockExpire).toBe(59);
  });

  it('starts a new window once the last has ended, the block outliving it', async () => {
    const results = await hits([0, 1, 2, 3, 4000, 60_001], 60_000, 3, 5000);
    // Blocked from 3 ms to 5,003 ms; the window that began at 0 ends at 60 s, and a new one begins.
    expect(results.map((result) => result.isBlocked)).toEqual([false, false, false, true, true, false]);
    expect(results[4].timeToBlockExpire).toBe(2);
    expect(results[5].totalHits).toBe(1);
    const long = await hits([0, 1, 2, 3, 60_000, 60_001], 60_000, 3, 120_000);
    // A block of 120 s goes on in the next window.
    expect(long.map((result) => result.isBlocked)).toEqual([false, false, false, true, true, true]);
    expect(long[4].totalHits).toBe(1);
  });

  it('counts every one of many hits at once on one key, none lost', async () => {
    const key = `rate-limit-count-test:${randomUUID()}`;
    const now = Date.now();
    const entries = await Promise.all(
      Array.from({ length: 40 }, () =>
        orm.em.fork().getRepository(RateLimit).countHit(key, now, 60_000, 100, 0),
      ),
    );
    expect(entries.map((entry) => entry.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });
});
