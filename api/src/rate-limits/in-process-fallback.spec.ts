import { onRedisOrInProcess } from './in-process-fallback.js';
import { MemoryLoginAttemptsStore, RedisLoginAttemptsStore, FREE_FAILURES } from './login-attempts.store.js';
import type { Redis } from 'ioredis';

describe('rate limits while Redis is unreachable', () => {
  const unreachable = {
    eval: () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    del: () => Promise.reject(new Error('Connection is closed.')),
  } as unknown as Redis;

  it('answers from Redis when it can', async () => {
    await expect(
      onRedisOrInProcess(
        async () => 'redis',
        async () => 'proceso',
      ),
    ).resolves.toBe('redis');
  });

  it('counts in this process instead of refusing the request', async () => {
    await expect(
      onRedisOrInProcess(
        () => Promise.reject(new Error('Connection is closed.')),
        async () => 'proceso',
      ),
    ).resolves.toBe('proceso');
  });

  it('keeps the per-account login limit in this process, with the same rules as the memory store', async () => {
    const onRedis = new RedisLoginAttemptsStore(unreachable, 'prueba');
    const inMemory = new MemoryLoginAttemptsStore();
    const now = 1_000_000;
    for (let failure = 0; failure <= FREE_FAILURES; failure++) {
      expect(await onRedis.reserve('cuenta', now)).toBe(await inMemory.reserve('cuenta', now));
      await onRedis.failed('cuenta', now);
      await inMemory.failed('cuenta', now);
    }
    const wait = await onRedis.reserve('cuenta', now);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBe(await inMemory.reserve('cuenta', now));
    await onRedis.succeeded('cuenta');
    expect(await onRedis.reserve('cuenta', now)).toBe(0);
  });
});
