// Jest loads global setup outside its ESM transform, so this file uses the compiled code (npm test
// builds before the integration tier).
//
// Integration tests run against real PostgreSQL and real queues: the servers of DATABASE_URL and
// REDIS_URL when set (CI), an embedded PostgreSQL otherwise, and for Redis the one answering on
// 127.0.0.1:6379 or else a redis-server of the run's own. Each run gets its own database and queue
// prefix, dropped at the end.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
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

/** Whether a Redis answers PING on this local port (within a second). */
const answersPing = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * The Redis of the run: REDIS_URL, else the one on 127.0.0.1:6379, else a redis-server of its own on a free
 * port without persistence (Debian's `redis-server` package, named in the README), stopped by teardown.
 */
async function runRedis() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (await answersPing(6379)) return 'redis://127.0.0.1:6379';
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(
          `No Redis on 127.0.0.1:6379 and redis-server could not start (${error.message}): install it ` +
            '(Debian: apt-get install redis-server) or set REDIS_URL',
        ),
      );
    });
    server.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  globalThis.__TEST_REDIS__ = server;
  return `redis://127.0.0.1:${port}`;
}

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
  process.env.TEST_REDIS_URL = await runRedis();
  process.env.TEST_DATABASE_NAME = database;
}
