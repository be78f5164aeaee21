/**
 * Lighthouse mobile performance of the home, catalogue and a game page, driving the system Chromium.
 * Needs a running site (npm start) and runs lighthouse from the npm registry through npx.
 *
 *   BASE_URL=http://localhost:3000 node dist/bench/lighthouse.js
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSection } from './performance-report.js';

const base = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pages: [string, string][] = [
  ['home', '/'],
  ['catalogue', '/games/all'],
  ['game page', '/game/elden-ring/119133'],
];
const out = mkdtempSync(join(tmpdir(), 'veredicto-lighthouse-'));
const rows: string[] = [];
for (const [name, path] of pages) {
  const file = join(out, `${name.replace(/\s/g, '-')}.json`);
  execFileSync(
    'npx',
    [
      '--yes',
      'lighthouse@13',
      `${base}${path}`,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run`,
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const audit = (id: string) => report.audits[id]?.displayValue ?? '–';
  const score = Math.round(report.categories.performance.score * 100);
  const row = `| ${name} | \`${path}\` | **${score}** | ${audit('first-contentful-paint')} | ${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${audit('cumulative-layout-shift')} |`;
  console.log(row);
  rows.push(row);
}
writeSection(
  'lighthouse',
  [
    '## Lighthouse (mobile, performance)',
    '',
    `Command: \`BASE_URL=${base} node dist/bench/lighthouse.js\` (lighthouse 13 via npx, system Chromium, default mobile throttling), against \`npm start\`.`,
    '',
    `Run: ${new Date().toISOString()}`,
    '',
    '| page | path | score | FCP | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
