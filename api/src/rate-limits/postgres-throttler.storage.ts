import type { EntityManager } from '@mikro-orm/postgresql';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimit, type RateLimitEntry } from '@veredicto/db';
import { retryAdvisory } from '../common/unavailable.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The throttler's answer for a key's entry after a hit, at `now`. */
export function throttlerRecord(entry: RateLimitEntry, now: number): ThrottlerStorageRecord {
  const isBlocked = entry.heldUntil > now;
  return {
    totalHits: entry.count,
    timeToExpire: Math.max(0, Math.ceil((entry.resetsAt - now) / 1000)),
    isBlocked,
    timeToBlockExpire: isBlocked ? Math.ceil((entry.heldUntil - now) / 1000) : 0,
  };
}

/**
 * The rate limits' counts on PostgreSQL when there is no Redis (the embedded run): every API process of
 * `npm start` counts the same requests, each hit one statement on the key's row (RateLimitRepository.countHit).
 */
export class PostgresThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly em: EntityManager,
    private readonly prefix: string,
  ) {}

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    // Counted in a guard, before the request's own retry (RetryLostConnectionInterceptor): a count whose
    // connection was lost is counted again here instead of answering 503, even when the lost one may have
    // committed (the count is advisory: at worst one hit more in the window, never a user's data).
    return retryAdvisory(async () => {
      const now = Date.now();
      const entry = await this.em
        .fork()
        .getRepository(RateLimit)
        .countHit(`${this.prefix}:throttle:${throttlerName}:${key}`, now, ttl, limit, blockDuration);
      return throttlerRecord(entry, now);
    });
  }
}
