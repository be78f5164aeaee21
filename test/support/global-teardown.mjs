import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export default async function globalTeardown() {
  const serverUrl = process.env.TEST_SERVER_URL;
  const database = process.env.TEST_DATABASE_NAME;
  if (serverUrl && database) {
    const url = new URL(serverUrl);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const copies = process.env.TEST_DATABASE_COPIES?.split(',').filter(Boolean) ?? [];
    for (const name of [database, ...copies]) {
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    }
    await admin.end();
  }
  await globalThis.__EMBEDDED_PG__?.stop();
  // The run's own redis-server (global-setup.mjs), if it started one.
  const redis = globalThis.__TEST_REDIS__;
  if (redis && redis.exitCode === null) {
    await new Promise((resolve) => {
      redis.once('exit', resolve);
      redis.kill('SIGKILL');
    });
  }
  if (globalThis.__EMBEDDED_PG_DIR__)
    rmSync(globalThis.__EMBEDDED_PG_DIR__, { recursive: true, force: true });
  // The data folder (mail outbox) of the run's test APIs: test/support/api-app.ts names it after the prefix.
  // One per worker (test-env.ts appends the worker's number to the prefix).
  const prefix = process.env.TEST_QUEUE_PREFIX;
  if (prefix) {
    for (const entry of readdirSync(tmpdir())) {
      if (entry.startsWith(`veredicto-test-${prefix}`)) {
        rmSync(join(tmpdir(), entry), { recursive: true, force: true });
      }
    }
  }
}
