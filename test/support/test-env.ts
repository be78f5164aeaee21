import pg from 'pg';

/** What the integration global setup prepared, read by the tests (process.env crosses into them). */
export interface TestEnv {
  databaseUrl: string;
  /** Server URL (no database) to create scratch databases on. */
  serverUrl: string;
  redisUrl?: string;
  queuePrefix: string;
}

/** Files run in parallel Jest workers: each worker has its own database copy and queue prefix. */
export function testEnv(): TestEnv {
  const worker = process.env.JEST_WORKER_ID ?? '1';
  const databaseUrl = process.env[`TEST_DATABASE_URL_${worker}`];
  const serverUrl = process.env.TEST_SERVER_URL;
  if (!databaseUrl || !serverUrl) throw new Error('integration global setup did not run');
  return {
    databaseUrl,
    serverUrl,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    queuePrefix: `${process.env.TEST_QUEUE_PREFIX ?? 'test'}w${worker}`,
  };
}

export const withDatabase = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

export type QueueBackend = 'redis' | 'postgres';

/** Both queue backends, for the files whose subject is the queues: `describe.each(QUEUE_BACKENDS)`. */
export const QUEUE_BACKENDS: readonly QueueBackend[] = ['redis', 'postgres'];

/**
 * The one backend of the files whose subject is not the queues (docs/TESTING.md lists them): BullMQ's
 * PostgreSQL backend, the one `npm start` and the browser tier run without REDIS_URL. Every run has a
 * Redis (global-setup.mjs), so this is a choice, not a consequence of the machine.
 */
export const ONE_BACKEND: QueueBackend = 'postgres';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of one file's own, a copy of the run's migrated, empty database: for a file whose subject looks
 * at the whole catalogue (a job that picks games by date, a detector that weighs the whole site's ratings),
 * so that it neither sees nor has to delete what other files of its worker wrote.
 */
export async function ownDatabase(name: string): Promise<OwnDatabase> {
  const template = process.env.TEST_DATABASE_NAME;
  if (!template) throw new Error('integration global setup did not run');
  const database = `${template}_${name}_w${process.env.JEST_WORKER_ID ?? '1'}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: withDatabase(testEnv().serverUrl, 'postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${database}" template "${template}"`);
  return {
    url: withDatabase(testEnv().serverUrl, database),
    drop: () => admin(`drop database if exists "${database}" with (force)`),
  };
}
