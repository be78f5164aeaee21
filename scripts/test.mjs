// `npm test`: every tier, in order, each starting what it needs. TEST_TIERS=unit,integration limits the run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tiers = [
  ['lint', 'npm run --silent lint'],
  ['typecheck', 'npm run --silent typecheck'],
  ['build', 'npm run --silent build'],
  ['unit', 'npm run --silent test:unit'],
  ['front', 'npm run --silent test:front'],
  ['integration', 'npm run --silent test:integration'],
  ['e2e', 'npm run --silent test:e2e'],
];
const only = process.env.TEST_TIERS?.split(',').map((tier) => tier.trim());
const results = [];
for (const [name, command] of tiers) {
  if (only && !only.includes(name)) continue;
  const started = Date.now();
  process.stdout.write(`\n=== ${name}: ${command}\n`);
  const { status } = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (status !== 0) break;
}
process.stdout.write('\n=== summary\n');
for (const result of results)
  process.stdout.write(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds} s)\n`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
