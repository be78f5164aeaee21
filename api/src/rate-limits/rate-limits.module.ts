import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import {
  PostgresLoginAttemptsStore,
  RedisLoginAttemptsStore,
  type LoginAttemptsStore,
} from './login-attempts.store.js';
import { PostgresThrottlerStorage } from './postgres-throttler.storage.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';
import { UserReportLimitGuard } from './user-report-limit.guard.js';
import { UserWriteLimitGuard } from './user-write-limit.guard.js';

export const RATE_LIMIT_REDIS = Symbol('RATE_LIMIT_REDIS');
export const LOGIN_ATTEMPTS = Symbol('LOGIN_ATTEMPTS');

/** The one Redis connection of the rate limits (none without REDIS_URL), closed with the application. */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Redis | null => {
        if (!config.REDIS_URL) return null;
        // Fail at once while Redis is away (no offline queue): the limits are then counted in this process.
        const redis = new Redis(config.REDIS_URL, {
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          enableOfflineQueue: false,
        });
        redis.on('error', () => undefined);
        return redis;
      },
    },
  ],
  exports: [RATE_LIMIT_REDIS],
})
export class RateLimitRedisModule implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMIT_REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

/**
 * Every rate limit of the API: per IP (the throttler), per account (login) and per user (writes). The counts
 * hold across every API process: on Redis with REDIS_URL, else (the embedded run, one API process per core)
 * in PostgreSQL's rate_limits.
 */
@Module({
  imports: [
    RateLimitRedisModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitRedisModule],
      inject: [RATE_LIMIT_REDIS, APP_CONFIG, EntityManager],
      useFactory: (redis: Redis | null, config: AppConfig, em: EntityManager) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 10 }],
        storage: redis
          ? new RedisThrottlerStorage(redis, config.QUEUE_PREFIX)
          : new PostgresThrottlerStorage(em, config.QUEUE_PREFIX),
      }),
    }),
  ],
  providers: [
    {
      provide: LOGIN_ATTEMPTS,
      inject: [RATE_LIMIT_REDIS, APP_CONFIG, EntityManager],
      useFactory: (redis: Redis | null, config: AppConfig, em: EntityManager): LoginAttemptsStore =>
        redis
          ? new RedisLoginAttemptsStore(redis, config.QUEUE_PREFIX)
          : new PostgresLoginAttemptsStore(em, config.QUEUE_PREFIX),
    },
    UserWriteLimitGuard,
    UserReportLimitGuard,
  ],
  exports: [LOGIN_ATTEMPTS, UserWriteLimitGuard, UserReportLimitGuard],
})
export class RateLimitsModule {}
