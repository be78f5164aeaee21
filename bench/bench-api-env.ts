/**
 * The settings of an API a bench starts on its database: no Redis (BullMQ's PostgreSQL backend), a queue
 * prefix of the bench's own, fixed secrets and no demo seed; `more` adds to them or overrides them.
 */
export const benchApiEnv = (databaseUrl: string, queuePrefix: string, more: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  QUEUE_PREFIX: queuePrefix,
  SEED_DEMO: 'false',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
  ADMIN_PASSWORD: 'bench-admin-password',
  ...more,
});

/** A production API that logs only warnings: how most benches run it. */
export const QUIET_PRODUCTION = { LOG_LEVEL: 'warn', NODE_ENV: 'production' };
