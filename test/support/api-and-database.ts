import pg from 'pg';
import { startTestApi, type TestApi } from './api-app.js';
import { ONE_BACKEND, testEnv, type QueueBackend } from './test-env.js';

/**
 * The API (its queues on the PostgreSQL backend) and one client of the run's database: what the account
 * files start before their tests.
 */
export async function startApiAndClient(): Promise<{ api: TestApi; db: pg.Client }> {
  const api = await startTestApi('postgres');
  const db = new pg.Client({ connectionString: testEnv().databaseUrl });
  try {
    await db.connect();
  } catch (error) {
    await api.close();
    throw error;
  }
  return { api, db };
}

/**
 * The API and a small pool of the run's database (4 connections: tests that make their users and games side
 * by side): what the diary files start before their tests.
 */
export async function startApiAndPool(
  backend: QueueBackend = ONE_BACKEND,
): Promise<{ api: TestApi; db: pg.Pool }> {
  const api = await startTestApi(backend);
  return { api, db: new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 }) };
}

/** After the tests: closes the API and the database client or pool, as far as they were started. */
export async function stopApiAndDatabase(api: TestApi | undefined, db: pg.Client | pg.Pool | undefined) {
  await api?.close();
  await db?.end();
}
