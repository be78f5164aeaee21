// `npm test`: every tier, each starting what it needs. TEST_TIERS=unit,integration limits the run.
// The quick tiers (lint to front) need nothing of each other and run side by side, as many at once as the
// machine has cores: each tier's output is printed whole when it ends. Then integration and e2e, one after
// the other (each takes the whole machine), their output passing through. Test counts add up at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * The tiers; `side` ones run side by side before the rest, the longest first (unit ~80 s on 2 cores, then
 * typecheck, lint, build, front). Unit and front tests read the sources, not the build; the build writes
 * only dist/ (and frontend/dist), which lint and typecheck ignore.
 */
const tiers = [
  ['unit', 'npm run --silent test:unit', 'side'],
  ['typecheck', 'npm run --silent typecheck', 'side'],
  ['lint', 'npm run --silent lint', 'side'],
  ['build', 'npm run --silent build', 'side'],
  ['front', 'npm run --silent test:front', 'side'],
  ['integration', 'npm run --silent test:integration'],
  ['e2e', 'npm run --silent test:e2e'],
];
const only = process.env.TEST_TIERS?.split(',').map((tier) => tier.trim());
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Test counts from the closing lines of Jest, Vitest and Playwright. */
function count(text) {
  const plain = text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const found = { passed: 0, failed: 0, skipped: 0 };
  // The integration tier runs Jest twice (parallel files, then the solo ones): every closing line counts.
  const jest = [...plain.matchAll(/^Tests:\s+(.*)\s+total$/gm)].map((match) => match[1]);
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/m.exec(plain);
  const summaries = jest.length > 0 ? jest : vitest ? [vitest[1]] : [];
  if (summaries.length > 0) {
    for (const summary of summaries) {
      for (const key of Object.keys(found)) {
        found[key] += Number(new RegExp(`(\\d+) ${key}`).exec(summary)?.[1] ?? 0);
      }
    }
  } else {
    for (const key of Object.keys(found)) {
      found[key] = Number(new RegExp(`^\\s+(\\d+) ${key}\\b`, 'm').exec(plain)?.[1] ?? 0);
    }
  }
  return found;
}

/**
 * What failed, for the closing summary: Jest's `●` headers and Playwright's numbered failures, each with the
 * first lines of its message, so a CI log cut to its tail still says which test broke and why.
 */
function failures(text) {
  const plain = text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const lines = plain.split('\n');
  const found = [];
  lines.forEach((line, index) => {
    const header = /^\s*● (?!Console)(.+)$/.exec(line) ?? /^\s+\d+\) (\[[\w-]+\] › .+?)\s*─*$/.exec(line);
    if (!header || found.some((failure) => failure.title === header[1].trim())) return;
    const following = lines.slice(index + 1, index + 40).map((next) => next.trim());
    const detail = following
      .filter(
        (next) =>
          next &&
          !next.startsWith('at ') &&
          // Log lines and other files' results that ran meanwhile.
          !next.startsWith('{') &&
          !/^(PASS|FAIL) /.test(next) &&
          !/^>?\s*\d+ \|/.test(next) &&
          !next.startsWith('|'),
      )
      .slice(0, 7);
    const where = following.find((next) => next.startsWith('at ') && /test\/.+:\d+:\d+/.test(next));
    if (where) detail.push(where);
    found.push({ title: header[1].trim(), detail });
  });
  return found.slice(0, 12);
}

/** Runs a command; its output passes through as it comes (`echo`), or is only kept. */
function run(command, env, echo) {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, env, shell: true, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      if (echo) process.stderr.write(chunk);
    });
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Runs one tier; `echo` false keeps its output and prints it whole, under its header, when it ends. */
async function runTier(name, command, echo) {
  const started = Date.now();
  const header = `\n=== ${name}: ${command}\n`;
  if (echo) process.stdout.write(header);
  // The browser tier's product seeds a data folder (~200 MB) and Playwright keeps a transform cache: both
  // in a folder of this run, removed when the tier ends.
  const scratch =
    name === 'e2e' && !process.env.E2E_DATA_DIR ? mkdtempSync(join(tmpdir(), 'veredicto-e2e-')) : null;
  const env = scratch
    ? {
        ...process.env,
        E2E_DATA_DIR: scratch,
        PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(scratch, '.playwright-cache'),
      }
    : process.env;
  const { status, output } = await run(command, env, echo).finally(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!echo) process.stdout.write(`${header}${output}\n(${name}: ${seconds} s)\n`);
  const counts = count(output);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  return { name, ok: status === 0, seconds, counts, failures: status === 0 ? [] : failures(output) };
}

const chosen = tiers.filter(([name]) => !only || only.includes(name));
const side = chosen.filter(([, , group]) => group === 'side');
const results = [];
// The side-by-side tiers: each free slot takes the next one.
const queue = [...side];
const slots = Math.max(1, Math.min(availableParallelism(), queue.length));
if (queue.length) process.stdout.write(`\n=== ${queue.map(([name]) => name).join(', ')}: ${slots} at once\n`);
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      results.push(await runTier(next[0], next[1], false));
  }),
);
results.sort(
  (a, b) => chosen.findIndex(([name]) => name === a.name) - chosen.findIndex(([name]) => name === b.name),
);
if (results.every((result) => result.ok)) {
  for (const [name, command] of chosen.filter(([, , group]) => group !== 'side')) {
    const result = await runTier(name, command, true);
    results.push(result);
    if (!result.ok) break;
  }
}

process.stdout.write('\n=== summary\n');
for (const result of results) {
  const { passed, failed, skipped } = result.counts;
  const tests = passed + failed + skipped ? ` — ${passed} passed, ${failed} failed, ${skipped} skipped` : '';
  process.stdout.write(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds} s)${tests}\n`);
  for (const failure of result.failures) {
    process.stdout.write(`     ✕ ${failure.title}\n`);
    for (const line of failure.detail) process.stdout.write(`         ${line.slice(0, 200)}\n`);
  }
}
const ok = results.every((result) => result.ok);
if (!ok) totals.failed = Math.max(totals.failed, 1);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(ok ? 0 : 1);
