import { setDefaultBackendFactory } from 'bullmq';
import type { AppConfig } from '@veredicto/config/config.js';
import { holdEarlyClientErrors } from './pg-early-errors.js';
import { createSharedPostgresBackend, type SharedPostgresConfig } from './shared-postgres-backend.js';

export interface QueueConnection {
  backend: 'redis' | 'postgres';
  /** Options spread into every BullMQ Worker / QueueEvents of this process (blocking connections). */
  options: { connection: Record<string, unknown>; prefix?: string };
  /**
   * The connection of the Queue objects that add jobs: on Redis it refuses commands at once while the
   * connection is down (no offline queue), so a request that enqueues fails fast instead of waiting for
   * Redis to come back.
   */
  producerConnection: Record<string, unknown>;
}

/**
 * The PostgreSQL backend's pool in each process, shared by all its queues, workers and listeners (plus one
 * LISTEN connection): a process holds at most this + 1 connections for its queues.
 */
export const QUEUE_POOL_SIZE = 6;

/** Reconnect within a second of Redis returning (BullMQ's default backs off to 20 s). */
export const RECONNECT_DELAY_MAX_MS = 1000;
const reconnectDelay = (attempt: number): number => Math.min(attempt * 200, RECONNECT_DELAY_MAX_MS);

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
    const connection = {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      tls: url.protocol === 'rediss:' ? {} : undefined,
      // Workers block on Redis: BullMQ requires unlimited retries per request.
      maxRetriesPerRequest: null,
      retryStrategy: reconnectDelay,
      connectTimeout: 2000,
    };
    return {
      backend: 'redis',
      options: { prefix: config.QUEUE_PREFIX, connection },
      producerConnection: { ...connection, enableOfflineQueue: false },
    };
  }
  setDefaultBackendFactory(createSharedPostgresBackend);
  // Its LISTEN connection would end the process when terminated as it opens (pg-early-errors.ts).
  holdEarlyClientErrors();
  const connection: SharedPostgresConfig = {
    connectionString: config.DATABASE_URL,
    schema: `bullmq_${config.QUEUE_PREFIX}`,
    migrate: true,
    max: QUEUE_POOL_SIZE,
  };
  return { backend: 'postgres', options: { connection }, producerConnection: connection };
}
