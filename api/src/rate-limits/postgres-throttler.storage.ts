import type { EntityManager } from '@mikro-orm/postgresql';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimit, type RateLimitChange, type RateLimitEntry } from '@veredicto/db';
import { retryUncommitted } from '../common/unavailable.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One hit on a key: a fixed window of `ttl` ms (count, resetsAt); past `limit` hits the key is blocked for
 * `blockDuration` (heldUntil), which outlives the window. The rule of the Redis storage's script.
 */
export function countHit(
  entry: RateLimitEntry | null,
  now: number,
  ttl: number,
  limit: number,
  blockDuration: number,
): RateLimitChange<ThrottlerStorageRecord> {
  const window =
    entry && entry.resetsAt > now
      ? entry
      : { count: 0, resetsAt: now + ttl, heldUntil: entry?.heldUntil ?? 0 };
  const count = window.count + 1;
  const heldUntil =
    window.heldUntil <= now && count > limit ? now + (blockDuration || ttl) : window.heldUntil;
  const isBlocked = heldUntil > now;
  return {
    entry: { count, resetsAt: window.resetsAt, heldUntil },
    result: {
      totalHits: count,
      timeToExpire: Math.max(0, Math.ceil((window.resetsAt - now) / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((heldUntil - now) / 1000) : 0,
    },
  };
}

/**
 * The rate limits' counts on PostgreSQL when there is no Redis (the embedded run): every API process of
 * `npm start` counts the same requests, each hit on the key's locked row.
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
    // connection was lost before its COMMIT is counted again here instead of answering 503.
    return retryUncommitted(() => {
      const now = Date.now();
      return this.em
        .fork()
        .getRepository(RateLimit)
        .change(`${this.prefix}:throttle:${throttlerName}:${key}`, now, (entry) =>
          countHit(entry, now, ttl, limit, blockDuration),
        );
    });
  }
}
