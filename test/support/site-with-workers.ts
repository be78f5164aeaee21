import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTestApi, type TestApi } from './api-app.js';
import { adminToken, call, finishedJob } from './local-site.js';
import { startProcess, type RunningProcess } from './processes.js';
import { ownDatabase, testEnv, type OwnDatabase, type QueueBackend } from './test-env.js';

/** The API and a worker process on one database, a client of it and an administrator's token. */
export interface SiteWithWorkers {
  api: TestApi;
  workers: RunningProcess;
  db: pg.Client;
  token: string;
  /** Stops the workers and the API, closes the client, drops the database and the data folder of its own. */
  stop(): Promise<void>;
}

export interface SiteWithWorkersOptions {
  backend: QueueBackend;
  /**
   * A database of the file's own under this name (ownDatabase): for a file whose jobs read the whole
   * catalogue (a prices poll asks the stores about every linked game). Without, the run's shared database.
   */
  ownDatabase?: string;
  /**
   * A data folder of its own too: the .eml outbox skips a mail whose key (alert and notification ids) it has
   * written, and an own database numbers its alerts from 1 like any other of the same Jest worker.
   */
  ownDataDir?: boolean;
  /** The settings the file needs (the fakes' addresses, the poll switched on). */
  env?: Record<string, string>;
}

/**
 * Starts a site whose work goes through the queues to a real worker process; `stop` undoes it. A start that
 * fails half-way stops what it had started before it throws.
 */
export async function startSiteWithWorkers(options: SiteWithWorkersOptions): Promise<SiteWithWorkers> {
  let own: OwnDatabase | undefined;
  let dataDir: string | undefined;
  let api: TestApi | undefined;
  let workers: RunningProcess | undefined;
  let db: pg.Client | undefined;
  const stop = async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    await own?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.ownDatabase) own = await ownDatabase(options.ownDatabase);
    if (options.ownDataDir)
      dataDir = await mkdtemp(join(tmpdir(), `veredicto-test-${options.ownDatabase ?? 'site'}-`));
    const databaseUrl = own?.url ?? testEnv().databaseUrl;
    api = await startTestApi(options.backend, {
      ...(own ? { DATABASE_URL: own.url } : {}),
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...options.env,
    });
    workers = await startProcess('workers', api.env);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    db = client;
    const token = await adminToken(api.baseUrl, api.env.ADMIN_PASSWORD);
    return { api, workers, db, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The prices poll as the administrator asks for it (POST /api/admin/prices/refresh), once its job is done. */
export async function pollPrices({ api, token }: Pick<SiteWithWorkers, 'api' | 'token'>) {
  const { status, body } = await call(api.baseUrl, 'POST', '/api/admin/prices/refresh', { token });
  expect(status).toBe(202);
  return finishedJob(api.baseUrl, token, 'prices', body.jobId, 60_000);
}

/** The catalogue job as the administrator asks for it (GET /api/games/scraper), once it is done. */
export async function runCatalogueJob({ api, token }: Pick<SiteWithWorkers, 'api' | 'token'>) {
  const { status, body } = await call(api.baseUrl, 'GET', '/api/games/scraper', { token });
  expect(status).toBe(202);
  return finishedJob(api.baseUrl, token, body.queue, body.jobId, 60_000);
}
