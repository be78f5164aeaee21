/** The product as a user runs it (`npm start`), started by a bench on a fresh data folder (shared by the benches). */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fromRoot } from '@veredicto/config';
import { freshStartEnv } from './bench-processes.js';

/** Settings a user does not set: the bench leaves them to their defaults whatever its own environment holds. */
const USER_UNSET = ['DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'ACCESS_LOG_SAMPLE_RATE', 'READ_CACHE_TTL_MS'];

export interface NpmStartInstance {
  url: string;
  /** Each API process's /metrics (`npm start` runs one per core). */
  metricsUrls: string[];
  databaseUrl: string;
  dataDir: string;
  /** Stops the supervisor (SIGTERM, as Ctrl-C) and removes the data folder; safe to call twice. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function httpStatus(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * `npm start` (what package.json runs: `exec node scripts/start.mjs`) on a fresh data folder, with the
 * environment a user has: no LOG_LEVEL, no ACCESS_LOG_SAMPLE_RATE, only the ports and the folder set, on the
 * embedded PostgreSQL unless `databaseUrl` is given. `env` adds the settings the bench needs (outside
 * services' URLs). `onSpawned` gets the stop function at once, so a bench stopped while the product starts
 * still stops it. Answers once every API process serves.
 */
export async function npmStart(options: {
  prefix: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  onSpawned?: (stop: () => Promise<void>) => void;
}): Promise<NpmStartInstance> {
  const { env, dataDir, port } = await freshStartEnv(options.prefix, USER_UNSET);
  Object.assign(env, options.env);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // PROFILE_DIR (off by default): V8's CPU profiler in the supervisor and, through fork's execArgv, in every
  // API and worker process; each writes its .cpuprofile there when it stops.
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const supervisor = spawn(process.execPath, [...profile, fromRoot('scripts/start.mjs')], {
    cwd: fromRoot('.'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let embeddedPort: number | undefined;
  let running = false;
  let metricsPorts: number[] | undefined;
  // The supervisor's log pipe is read as a terminal would: every line, the last ones kept for an error message.
  for (const stream of [supervisor.stdout, supervisor.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = /embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) embeddedPort ??= Number(match[1]);
      running ||= output.includes('Veredicto is running');
      // Measured once every API process serves (the first answers alone until the others have started).
      const ready = /API processes ready: \d+ of \d+ on port \d+ \(metrics on ([\d, ]+)\)/.exec(output);
      if (ready) metricsPorts ??= ready[1].split(', ').map(Number);
    });
  }
  const exited = new Promise<void>((resolve) => supervisor.once('exit', () => resolve()));
  const stop = async () => {
    if (supervisor.exitCode === null && supervisor.signalCode === null) {
      supervisor.kill('SIGTERM');
      const timer = setTimeout(() => supervisor.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  options.onSpawned?.(stop);
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 300_000;
  for (const started = Date.now(); ; await sleep(250)) {
    if (supervisor.exitCode !== null) throw new Error(`npm start stopped:\n${output.slice(-3000)}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`npm start did not get ready:\n${output.slice(-3000)}`);
    if (running && metricsPorts && (await httpStatus(`${url}/health/ready`)) === 200) break;
  }
  return {
    url,
    metricsUrls: metricsPorts!.map((metricsPort) => `http://127.0.0.1:${metricsPort}/metrics`),
    databaseUrl: options.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${embeddedPort}/veredicto`,
    dataDir,
    stop,
  };
}
