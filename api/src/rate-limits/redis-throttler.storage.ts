import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { onRedisOrInProcess } from './in-process-fallback.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

// Fixed window per key; past the limit the key is blocked for blockDuration (the throttler's own rule).
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then return {hits, ttl, 1, blocked} end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {hits, ttl, 1, tonumber(ARGV[3])}
end
return {hits, ttl, 0, 0}`;

/**
 * The rate limits' counts on Redis, so every API process sharing it counts the same requests (the
 * throttler's Redis storage packages do not declare Nest 12; this is all they would do).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly inProcess = new ThrottlerStorageService();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:throttle:${throttlerName}:${key}`;
    return onRedisOrInProcess(
      async () => {
        const [totalHits, ttlMs, isBlocked, blockMs] = (await this.redis.eval(
          INCREMENT,
          2,
          base,
          `${base}:blocked`,
          ttl,
          limit,
          blockDuration || ttl,
        )) as number[];
        return {
          totalHits,
          timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
          isBlocked: isBlocked === 1,
          timeToBlockExpire: Math.max(0, Math.ceil(blockMs / 1000)),
        };
      },
      () => this.inProcess.increment(key, ttl, limit, blockDuration, throttlerName),
    );
  }
}
