// `npm run test:integration`: the integration tier in three Jest runs. Most files run in parallel workers,
// each worker with its own database copy and queue prefix (test/support/global-setup.mjs, test-env.ts); then
// the sweeps, side by side, each in its worker's database and after every other file there (they write on
// the demo catalogue's first rows, which later files of the same database would see); then the files below,
// one at a time, because what they assert depends on the machine's whole CPU (bursts, attack rates, shutdown
// graces, a 20,000-follower fan-out raced against a kill). With arguments (a file, a pattern), one serial
// run of what they name, as before.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const SOLO = [
  'hashing-burst',
  'login-under-attack',
  'rate-limits',
  'scale-multi-process',
  'worker-shutdown',
  'api-drain',
  'reliability',
  'alerts',
];

/**
 * The sweeps send valid bodies to every route with the ids of the demo catalogue's first rows (a language
 * report on game 1, accepted by the admin route): files after them in the same database would see it. Run
 * last, two at once when the server has room (one after the other in one database otherwise, as before).
 */
export const SWEEPS = ['openapi-sweep', 'hostile-input'];

const root = fileURLToPath(new URL('..', import.meta.url));
const jest = [
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  '--selectProjects',
  'integration',
];
const pattern = (names) => `integration/(${names.join('|')})\\.test\\.ts$`;
const solo = pattern(SOLO);
const sweeps = pattern(SWEEPS);
const later = pattern([...SWEEPS, ...SOLO]);
const args = process.argv.slice(2);

const run = (extra) =>
  spawnSync(process.execPath, [...jest, ...extra], { cwd: root, stdio: 'inherit' }).status ?? 1;

/**
 * Two workers need room on the server: a file's API and worker processes on BullMQ's PostgreSQL backend hold
 * up to ~60 connections, so two files at once outgrow a default server's 100. Below 200, one worker.
 */
async function workerCount() {
  if (process.env.INTEGRATION_WORKERS) return process.env.INTEGRATION_WORKERS;
  // Without DATABASE_URL the tier starts an embedded PostgreSQL, configured for 200 connections.
  if (!process.env.DATABASE_URL) return '2';
  // The server's own database: DATABASE_URL may name one that does not exist yet (the tier creates its own).
  const server = new URL(process.env.DATABASE_URL);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  try {
    await client.connect();
    const { rows } = await client.query('show max_connections');
    const allowed = Number(rows[0].max_connections);
    if (allowed >= 200) return '2';
    console.log(`integration: the server allows ${allowed} connections (< 200): one worker`);
    return '1';
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (args.length > 0) process.exit(run(['--runInBand', ...args]));
const workers = await workerCount();
const parallel = run([`--maxWorkers=${workers}`, '--testPathIgnorePatterns', later]);
const swept = run([`--maxWorkers=${workers}`, '--testPathPatterns', sweeps]);
const serial = run(['--runInBand', '--testPathPatterns', solo]);
process.exit(parallel || swept || serial);
