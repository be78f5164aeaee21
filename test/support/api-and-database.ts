import pg from 'pg';
import { startTestApi, type TestApi } from './api-app.js';
import { ensureDemoCatalogue } from './demo-catalogue.js';
import { startProcess, type RunningProcess } from './processes.js';
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

export interface ApiAndPool {
  api: TestApi;
  db: pg.Pool;
  /** With `workers`: a worker process on the API's settings. */
  workers?: RunningProcess;
}

/**
 * The API and a small pool of the run's database (4 connections: tests that make their users and games side
 * by side), after the demo catalogue when the file reads it, and with a worker process when its work goes
 * through the queues.
 */
export async function startApiAndPool(
  backend: QueueBackend = ONE_BACKEND,
  { demoCatalogue = false, workers = false } = {},
): Promise<ApiAndPool> {
  if (demoCatalogue) await ensureDemoCatalogue();
  const api = await startTestApi(backend);
  const db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 });
  if (!workers) return { api, db };
  try {
    return { api, db, workers: await startProcess('workers', api.env) };
  } catch (error) {
    await stopApiAndDatabase(api, db);
    throw error;
  }
}

/** After the tests: stops the workers and the API and closes the database client or pool, those that started. */
export async function stopApiAndDatabase(
  api: TestApi | undefined,
  db: pg.Client | pg.Pool | undefined,
  workers?: RunningProcess,
) {
  await workers?.stop();
  await api?.close();
  await db?.end();
}
