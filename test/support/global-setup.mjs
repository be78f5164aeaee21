// Jest loads global setup outside its ESM transform, so this file uses the compiled code (npm test
// builds before the integration tier).
//
// Integration tests run against real PostgreSQL and real queues: the servers of DATABASE_URL and
// REDIS_URL when set (CI), an embedded PostgreSQL otherwise. Each run gets its own database and queue
// prefix, dropped at the end.
import 'reflect-metadata';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../dist/libs/db/src/index.js';
import { startEmbeddedPostgres } from '../../dist/libs/runtime/src/embedded-postgres.js';

const withDatabase = (serverUrl, database) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

export default async function globalSetup(globalConfig) {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'veredicto-test-pg-'));
    globalThis.__EMBEDDED_PG_DIR__ = dir;
    // As root, PostgreSQL runs as the postgres user, which must be able to reach the data folder.
    chmodSync(dir, 0o755);
    globalThis.__EMBEDDED_PG__ = await startEmbeddedPostgres(join(dir, 'data'), {
      database: 'postgres',
      log: () => undefined,
    });
    serverUrl = globalThis.__EMBEDDED_PG__.url;
  }
  const database = `veredicto_test_${runId}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const databaseUrl = withDatabase(serverUrl, database);
  const orm = await openDatabase({ databaseUrl, poolSize: 2 });
  await migrateDatabase(orm, databaseUrl);
  await orm.close(true);
  // Test files run in parallel workers: each worker gets its own copy of the migrated database (and its own
  // queue prefix, see test-env.ts), so a file sees only what its worker's files wrote, as in a serial run.
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  const copies = [];
  const creator = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await creator.connect();
  for (let worker = 1; worker <= workers; worker++) {
    const copy = `${database}_w${worker}`;
    await creator.query(`create database "${copy}" template "${database}"`);
    process.env[`TEST_DATABASE_URL_${worker}`] = withDatabase(serverUrl, copy);
    copies.push(copy);
  }
  await creator.end();
  process.env.TEST_DATABASE_COPIES = copies.join(',');
  process.env.TEST_DATABASE_URL = databaseUrl;
  process.env.TEST_SERVER_URL = serverUrl;
  process.env.TEST_QUEUE_PREFIX = `t${runId}`;
  process.env.TEST_REDIS_URL = process.env.REDIS_URL ?? '';
  // Nothing is skipped without Redis: the fault tests of the Redis backend fail (they need REDIS_URL or a
  // redis-server of their own), and the other files run on BullMQ's PostgreSQL backend. Say so up front.
  if (!process.env.REDIS_URL) {
    process.stderr.write(
      'REDIS_URL is not set: the tests that run on one queue backend use PostgreSQL, and the Redis half ' +
        'of the fault tests (api-drain, averages-job, worker-shutdown) fails.\n',
    );
  }
  process.env.TEST_DATABASE_NAME = database;
}
