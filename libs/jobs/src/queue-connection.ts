import { createPostgresBackend, setDefaultBackendFactory, type DefaultJobOptions } from 'bullmq';
import type { AppConfig } from '@veredicto/config/config.js';

export interface QueueConnection {
  backend: 'redis' | 'postgres';
  /** Options spread into every BullMQ Queue / Worker / QueueEvents of this process. */
  options: { connection: Record<string, unknown>; prefix?: string };
}

/**
 * Redis from REDIS_URL as in production; without it, BullMQ's PostgreSQL backend in its own schema of
 * the application database, so the embedded run needs no Redis. Each environment gets its own Redis
 * prefix or PostgreSQL schema (QUEUE_PREFIX), so a worker never takes another environment's jobs.
 */
export function configureQueueConnection(
  config: Pick<AppConfig, 'REDIS_URL' | 'DATABASE_URL' | 'QUEUE_PREFIX'>,
): QueueConnection {
  if (config.REDIS_URL) {
    setDefaultBackendFactory(undefined);
    const url = new URL(config.REDIS_URL);
    return {
      backend: 'redis',
      options: {
        prefix: config.QUEUE_PREFIX,
        connection: {
          host: url.hostname,
          port: Number(url.port || 6379),
          username: url.username ? decodeURIComponent(url.username) : undefined,
          password: url.password ? decodeURIComponent(url.password) : undefined,
          db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
          tls: url.protocol === 'rediss:' ? {} : undefined,
          // Workers block on Redis: BullMQ requires unlimited retries per request.
          maxRetriesPerRequest: null,
        },
      },
    };
  }
  setDefaultBackendFactory(createPostgresBackend);
  return {
    backend: 'postgres',
    options: {
      connection: {
        connectionString: config.DATABASE_URL,
        schema: `bullmq_${config.QUEUE_PREFIX}`,
        migrate: true,
        max: 5,
      },
    },
  };
}

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 2000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
