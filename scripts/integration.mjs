// `npm run test:integration`: the integration tier in two Jest runs. Most files run in parallel workers, each
// worker with its own database copy and queue prefix (test/support/global-setup.mjs, test-env.ts); the files
// below then run one at a time, because what they assert depends on the machine's whole CPU (bursts, attack
// rates, shutdown graces, a 20,000-follower fan-out raced against a kill). With arguments (a file, a pattern),
// one serial run of what they name, as before.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

const root = fileURLToPath(new URL('..', import.meta.url));
const jest = [
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  '--selectProjects',
  'integration',
];
const solo = `integration/(${SOLO.join('|')})\\.test\\.ts$`;
const args = process.argv.slice(2);

const run = (extra) =>
  spawnSync(process.execPath, [...jest, ...extra], { cwd: root, stdio: 'inherit' }).status ?? 1;

if (args.length > 0) process.exit(run(['--runInBand', ...args]));
const workers = process.env.INTEGRATION_WORKERS ?? '2';
const parallel = run([`--maxWorkers=${workers}`, '--testPathIgnorePatterns', solo]);
const serial = run(['--runInBand', '--testPathPatterns', solo]);
process.exit(parallel || serial);
