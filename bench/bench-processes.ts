/** The API processes a scale bench starts, and what their runs cost in CPU (shared by the long-tail benches). */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import pg from 'pg';
import { fromRoot } from '@veredicto/config';
import { freePort } from './free-port.js';
import { acceptEncodingOf, measureLoad, type Client } from './load.js';
import { cpuMs, postgresCpuBetween, postgresCpuMs } from './process-cpu.js';

/**
 * Forks a built server script (from the project's root, or an absolute path: another build's) and answers
 * once it says it is ready.
 */
export function start(script: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = fork(isAbsolute(script) ? script : fromRoot(script), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string }) => message?.type === 'ready' && resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * Waits until no statement runs on the benchmark's database: the bare baseline's OFFSET pages take
 * seconds each, and the ones its load left running when it stopped would otherwise weigh on whichever
 * server is measured next (they did: the API measured right after the bare warm-up showed p99s of
 * 100-600 ms that it does not have on an idle database).
 */
export async function untilDatabaseIdle(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const started = Date.now(); Date.now() - started < 120_000;) {
      const { rows } = await client.query<{ running: number }>(
        `select count(*)::int as running from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      if (rows[0].running === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/**
 * Waits until a started site is at rest: no statement of its database running for `quietMs` in a row (a
 * first start's background work, the workers' catch-up after a bulk import, the walks of the catalogue's
 * orderings on a new day). A bench measures the site as a user finds it once that work is done, not the
 * work itself. Answers how long it waited (ms).
 */
export async function untilDatabaseAtRest(
  databaseUrl: string,
  {
    quietMs = 3000,
    timeoutMs = 600_000,
    stillRunning = () => true,
  }: { quietMs?: number; timeoutMs?: number; stillRunning?: () => boolean } = {},
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    for (let quietSince = Date.now(); Date.now() - quietSince < quietMs;) {
      if (!stillRunning() || Date.now() - started > timeoutMs)
        throw new Error(`the site's database was not at rest within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { rows } = await client.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      if (rows[0].busy > 0) quietSince = Date.now();
    }
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

/**
 * A measured run and the CPU time per request the server and PostgreSQL spent on it (µs): what each
 * request costs, whatever else shares the machine, where latencies measure the queue as well.
 */
export async function measureLoadWithCpu(options: {
  server: ChildProcess;
  url: string;
  paths: string[];
  cursor: { next: number };
  connections: number;
  seconds: number;
  databaseUrl: string;
}) {
  const { server, url, paths, cursor, connections, seconds, databaseUrl } = options;
  await untilDatabaseIdle(databaseUrl);
  const [server0, postgres0] = [cpuMs(server.pid!), postgresCpuMs()];
  const result = await measureLoad({ url, connections, duration: seconds, paths, cursor });
  const [server1, postgres1] = [cpuMs(server.pid!), postgresCpuMs()];
  const requests = result.rps * seconds;
  const perRequest = (milliseconds: number | null) =>
    milliseconds === null || !requests ? '–' : String(Math.round((milliseconds * 1000) / requests));
  return {
    ...result,
    serverCpu: perRequest(server0 === null || server1 === null ? null : server1 - server0),
    postgresCpu: perRequest(postgresCpuBetween(postgres0, postgres1)),
  };
}

/**
 * Waits until the workers have walked every ordering of the catalogue that is due (on a first run the
 * 285 precomputed ones: a few minutes on the large catalogue; later runs the same day find none due).
 */
export async function untilOrderingsWalked(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const started = Date.now(); Date.now() - started < 20 * 60_000;) {
      const { rows } = await client.query<{ walked: number; due: number }>(
        `select count(*) filter (where total is not null)::int as walked,
                count(*) filter (where total is null or dirty_seq > clean_seq or computed_on < current_date)::int as due
         from catalogue_orderings where precomputed`,
      );
      if (rows[0].walked > 0 && rows[0].due === 0) return rows[0].walked;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error('the workers did not walk the catalogue orderings in 20 minutes');
  } finally {
    await client.end();
  }
}

/**
 * Starts the workers of the events queue, which keep the catalogue's anchors (catalogue_orderings) as in
 * production, and waits for their walk of the orderings: without them every catalogue page would be served
 * by OFFSET, the fallback of a process whose ordering is not stored yet.
 */
export async function startOrderingWorkers(
  env: NodeJS.ProcessEnv,
  databaseUrl: string,
): Promise<ChildProcess> {
  const workers = await start('dist/workers/src/main.js', {
    ...env,
    WORKER_QUEUES: 'events',
    WORKER_METRICS_PORT: '0',
  });
  try {
    const walked = await untilOrderingsWalked(databaseUrl);
    console.log(`${walked} catalogue orderings walked by the workers`);
  } catch (error) {
    workers.kill('SIGTERM');
    throw error;
  }
  return workers;
}

/** What the bare server writes for each path: the body (base64), content type and encoding the API answered. */
export type BareAnswers = Record<string, { body: string; contentType: string; contentEncoding?: string }>;

/** The raw answer to a path for a client (its bytes as sent: compressed for a browser). */
export function rawAnswer(
  base: string,
  path: string,
  client: Client = 'browser',
): Promise<{ status: number; body: Buffer; contentType: string; contentEncoding?: string }> {
  const acceptEncoding = acceptEncodingOf(client);
  return new Promise((resolve, reject) => {
    const call = request(
      new URL(path, base),
      { method: 'GET', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            contentType: String(response.headers['content-type'] ?? 'application/json'),
            contentEncoding: response.headers['content-encoding'],
          }),
        );
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** The API's answers to `paths` for a client, as the bare server is to write them. */
export async function captureAnswers(
  base: string,
  paths: Iterable<string>,
  client: Client = 'browser',
): Promise<BareAnswers> {
  const answers: BareAnswers = {};
  for (const path of paths) {
    const { body, contentType, contentEncoding } = await rawAnswer(base, path, client);
    answers[path] = { body: body.toString('base64'), contentType, contentEncoding };
  }
  return answers;
}

/** The bare baseline (bench/bare-bytes-server.ts) writing `answers`, and its port once it listens. */
export async function startBareServer(answers: BareAnswers): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fromRoot('dist/bench/bare-bytes-server.js'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type === 'ready') resolve(message.port ?? 0);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.send(answers);
  });
  return { child, port };
}

/**
 * The environment of an `npm start` on a fresh data folder, as a user has it: free ports for the site and
 * the metrics, a new folder under the system's temporary one, and the named settings left unset.
 */
export async function freshStartEnv(
  prefix: string,
  unset: readonly string[],
): Promise<{ env: NodeJS.ProcessEnv; dataDir: string; port: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const [port, metricsPort, workerMetricsPort] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    WORKER_METRICS_PORT: String(workerMetricsPort),
    DATA_DIR: dataDir,
  };
  for (const key of unset) delete env[key];
  return { env, dataDir, port };
}
