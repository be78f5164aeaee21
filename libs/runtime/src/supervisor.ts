import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { ConfigError, configProblems, fromRoot, loadConfig } from '@veredicto/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
import { loadOrCreateSecrets } from './secrets.js';

const say = (message: string) => process.stdout.write(`[veredicto] ${message}\n`);

interface ManagedProcess {
  name: string;
  script: string;
  /** The process's own shutdown grace (its *_SHUTDOWN_GRACE_MS): it is SIGKILLed only after it and a margin. */
  graceMs: number;
  /** What this process's environment has besides the supervisor's. */
  env: NodeJS.ProcessEnv;
  child?: ChildProcess;
  restarts: number;
  /** Settles when the process says its first start's catalogue is in (the API's 'complete'). */
  complete?: Promise<void>;
  /** Its scheduling niceness (0 = as the supervisor's; higher yields the cores to the others). */
  niceness: number;
}

/**
 * API_PROCESSES as `npm start` runs it: 0 is one per CPU core, at most 4 (each holds its own memory), where
 * the kernel shares a port's connections out among processes (SO_REUSEPORT: Linux, FreeBSD); one elsewhere.
 */
export function apiProcessCount(
  setting: number,
  cores = availableParallelism(),
  platform: NodeJS.Platform = process.platform,
): number {
  if (setting > 0) return setting;
  return platform === 'linux' || platform === 'freebsd' ? Math.max(1, Math.min(4, cores)) : 1;
}

/**
 * The /metrics port of each API process: the first on METRICS_PORT, the others after WORKER_METRICS_PORT
 * (9466, 9467… by default), so none takes the workers'. 0 (a free port each) stays 0.
 */
export function apiMetricsPorts(count: number, metricsPort: number, workerMetricsPort: number): number[] {
  const next = Math.max(metricsPort, workerMetricsPort);
  return Array.from({ length: count }, (_, index) =>
    metricsPort === 0 || index === 0 ? metricsPort : next + index,
  );
}

/**
 * What a stopping child has beyond its own grace to exit before it is SIGKILLed: time for Node to end the
 * process after its last close (flushing logs, the database and queue sockets) on a loaded machine.
 */
export const STOP_MARGIN_MS = 5000;

/**
 * When the supervisor gives up on a child it asked to stop: after the child's own grace (WORKER_ or
 * API_SHUTDOWN_GRACE_MS, within which it hands its jobs back or drains its requests) and a margin, so a
 * job given up at the end of the worker's grace is back in its queue, never SIGKILLed while still active.
 */
export const killDeadlineMs = (graceMs: number) => graceMs + STOP_MARGIN_MS;

/**
 * `npm start`: the embedded PostgreSQL (unless DATABASE_URL is set), secrets generated once, then the
 * API and the workers as separate processes. Ctrl-C stops them all and the database cleanly; a child
 * that crashes is restarted with backoff.
 */
export async function runSupervisor(): Promise<void> {
  const dataDir = isAbsolute(process.env.DATA_DIR ?? '')
    ? process.env.DATA_DIR!
    : fromRoot(process.env.DATA_DIR || '.data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  env.JWT_SECRET ||= secrets.jwtSecret;
  env.ADMIN_PASSWORD ||= secrets.adminPassword;
  env.NODE_ENV ||= 'production';

  let database: EmbeddedDatabase | undefined;
  let stopping = false;
  const processes: ManagedProcess[] = [];

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await Promise.all(processes.map(stopChild));
    if (database) {
      await database.stop().catch(() => undefined);
      say('database stopped');
    }
    process.exit(code);
  };
  // embedded-postgres installs exit hooks that stop the database and exit(130) on the first signal,
  // racing with the API and workers still running: this supervisor owns the shutdown order instead.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0));
  }

  if (!env.DATABASE_URL) {
    database = await startEmbeddedPostgres(join(dataDir, 'postgres'), { log: say });
    env.DATABASE_URL = database.url;
    say(`embedded PostgreSQL on 127.0.0.1:${database.port} (data in ${join(dataDir, 'postgres')})`);
  }
  const problems = configProblems(env);
  if (problems.length > 0) {
    process.stderr.write(`${new ConfigError(problems).message}\n`);
    await shutdown(78);
    return;
  }
  const config = loadConfig(env, 'api');
  const apiCount = apiProcessCount(config.API_PROCESSES);
  const workersConfig = loadConfig(env, 'workers');
  const metricsPorts = apiMetricsPorts(apiCount, config.METRICS_PORT, workersConfig.WORKER_METRICS_PORT);
  // Every API process listens on PORT with SO_REUSEPORT when there are several (api/src/main.ts).
  env.API_PROCESSES = String(apiCount);
  const apis: ManagedProcess[] = metricsPorts.map((metricsPort, index) => ({
    name: apiCount > 1 ? `api ${index + 1}` : 'api',
    script: fromRoot('dist/api/src/main.js'),
    // The first applies the migrations and loads the demo catalogue; the others start on what it left.
    env: { METRICS_PORT: String(metricsPort), ...(index > 0 ? { SEED_DEMO: 'false' } : {}) },
    graceMs: config.API_SHUTDOWN_GRACE_MS,
    restarts: 0,
    niceness: 0,
  }));
  const workers: ManagedProcess = {
    name: 'workers',
    script: fromRoot('dist/workers/src/main.js'),
    env: {},
    graceMs: workersConfig.WORKER_SHUTDOWN_GRACE_MS,
    restarts: 0,
    // On one machine the workers' background work (recalculations, orderings, imports) yields the cores
    // to the requests people wait for; on Kubernetes each has its own pod and this is not used.
    niceness: workersConfig.WORKER_NICENESS,
  };
  processes.push(...apis, workers);

  const start = (managed: ManagedProcess) =>
    new Promise<void>((resolve, reject) => {
      // Own process group: a terminal's Ctrl-C reaches only the supervisor, which stops the children in order.
      const child = fork(managed.script, [], {
        env: { ...env, ...managed.env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        detached: true,
      });
      managed.child = child;
      if (managed.niceness > 0 && child.pid !== undefined) {
        try {
          setPriority(child.pid, managed.niceness);
        } catch (error) {
          say(`${managed.name}: niceness ${managed.niceness} not set (${String(error)})`);
        }
      }
      let ready = false;
      let completed: () => void = () => undefined;
      managed.complete = new Promise<void>((done) => (completed = done));
      child.on('message', (message: { type?: string }) => {
        if (message?.type === 'ready') {
          ready = true;
          resolve();
        }
        if (message?.type === 'complete') completed();
      });
      child.on('exit', (code, signal) => {
        // Nobody waits on a process that is gone (its restart says it again).
        completed();
        if (stopping) return;
        if (!ready) {
          reject(new Error(`${managed.name} stopped during start (code ${code ?? signal})`));
          return;
        }
        managed.restarts += 1;
        const delay = Math.min(30_000, 1000 * 2 ** Math.min(managed.restarts, 5));
        say(`${managed.name} exited (code ${code ?? signal}); restarting in ${delay / 1000} s`);
        setTimeout(() => void start(managed).catch((error: Error) => say(error.message)), delay);
      });
    });

  try {
    // The first API first: it applies migrations and loads the demo catalogue on the first start.
    await start(apis[0]);
    await start(workers);
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    await shutdown(1);
    return;
  }
  say(`Veredicto is running on ${config.PUBLIC_URL}`);
  say(
    `admin password (/admin): ${env.ADMIN_PASSWORD}${secrets.generated ? '  (generated now, kept in ' + join(dataDir, 'secrets.json') + ')' : ''}`,
  );
  say('press Ctrl-C to stop');
  // The site answers from the first; the others join it on the same port once its first start's catalogue
  // is in (their readiness must not say yes before) and they have read it. One that fails to start is
  // reported and the site goes on with the rest.
  if (apis.length > 1) await apis[0].complete;
  if (stopping) return;
  const extra = await Promise.allSettled(apis.slice(1).map(start));
  for (const result of extra)
    if (result.status === 'rejected') say(String(result.reason?.message ?? result.reason));
  const ready = 1 + extra.filter((result) => result.status === 'fulfilled').length;
  say(
    `API processes ready: ${ready} of ${apiCount} on port ${config.PORT} (metrics on ${metricsPorts.join(', ')})`,
  );
}

function stopChild({ child, name, graceMs }: ManagedProcess): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const deadline = killDeadlineMs(graceMs);
    const timer = setTimeout(() => {
      say(`${name} did not stop within ${deadline / 1000} s: SIGKILL`);
      child.kill('SIGKILL');
    }, deadline);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
