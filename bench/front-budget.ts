/**
 * Front-end budget: the gzipped JavaScript a visitor downloads before the home page paints: the entry script
 * and the chunks index.html preloads, plus what the server preloads for `/` (the home route's lazy chunk and
 * every chunk it imports, as routePreloads of api/src/seo/route-preloads.ts computes it from Vite's
 * manifest). Reads frontend/dist after a build.
 *
 *   npm run build && node dist/bench/front-budget.js
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fromRoot } from '@veredicto/config';
import { routePreloads, type ViteManifest } from '../api/src/seo/route-preloads.js';
import { writeSection } from './performance-report.js';

const dist = fromRoot('frontend/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as ViteManifest;
const referenced = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const routeModules = routePreloads('/', {}, manifest).modules.map((path) => path.replace(/^\//, ''));
if (routeModules.length === 0)
  throw new Error('the manifest has no home-page chunk: the measure would be wrong');
const files = [...new Set([...referenced, ...routeModules])];
const sizes = files.map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
const lines = sizes.map(
  (size) => `| ${size.file} | ${(size.raw / 1024).toFixed(1)} | ${(size.gzip / 1024).toFixed(1)} |`,
);
console.log(lines.join('\n'));
console.log(`total gzip: ${(total / 1024).toFixed(1)} KB in ${files.length} files`);
writeSection(
  'front-budget',
  [
    '## Front-end budget (home page first paint)',
    '',
    'Command: `npm run build && npm run bench:front` (gzip level 9 of each file as served): the entry script,',
    'the chunks index.html preloads, and the chunks the server preloads for `/` (the home route’s chunk and',
    'every chunk it imports, by the same routePreloads the HTML uses).',
    '',
    `Run: ${new Date().toISOString()} — **${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files** (budget 100 KB).`,
    '',
    'Until 27-11-2026 this bench counted the home chunk alone and not the nine chunks it imports, so it said',
    '104.7 KB where the page really loaded 109.4 KB in 23 files. Since then everything the entry needs is one',
    'chunk (Rolldown group `app`: the modules tagged `$initial`) and the small shared pieces of the home (game',
    'cards, platform logos, score bars, page titles, the news card and its data hook) another (`cards`): fewer',
    'files compress better, and the server does not compress a file under 1 KB at all. The header’s account',
    'links, the notification bell (only for a logged-in reader) and swr/infinite (now only on the results page)',
    'load when needed; the phone search overlay’s dialog loads when it first opens.',
    '',
    '**Under the budget since 27-11-2026 (102.8 KB before, 5 files).** Read from the entry’s source map, what',
    'left the first paint:',
    '- React Router’s `<Link>` brought its framework-mode prefetching (route modules, data requests), and its',
    '  bundle’s unmarked top-level `forwardRef` calls and `displayName` assignments kept `<Form>` with',
    '  `useSubmit` and other unused components; the site runs none of them. The site’s links are now',
    '  `components/link.tsx` (Link and NavLink on the router’s own `useHref`, `useLinkClickHandler` and',
    '  `useResolvedPath`; a lint rule keeps React Router’s out), and a build plugin marks React Router’s component',
    '  and context definitions pure and drops its `displayName` lines: React Router went from about 13.5 to 9.5 KB',
    '  gzipped. (Rolldown’s `treeshake.propertyWriteSideEffects: false` would do the second part for every',
    '  package, but it also dropped `parsedPath.pathname = path` inside React Router’s `parsePath`, and every',
    '  link then pointed at `/`: the browser tests caught it.)',
    '- The contract’s modules are declared free of side effects to the bundler, and the front’s package.json says',
    '  the same of everything but CSS: a module reached only through an index (genres, alerts, RequireAuth) no',
    '  longer sits in the entry because some page uses it; scores, platforms and dates now travel in `cards`.',
    '- The news card and its hook joined `cards` (two fewer files under 1 KB on the home page).',
    '',
    'What is left is mostly libraries, all in their production builds (counted module by module, so a little',
    'more than together): react-dom about 62 KB, React Router 9.5 KB, swr with its helpers 6 KB, react and its',
    'scheduler 4.6 KB. The site’s own code and the contract of the first paint are some 22 KB (the routes',
    'table with its 31 lazy pages, the API paths, the contract’s routes and page texts, the header, the search',
    'box). No module is in two chunks. Tried and left out: React Router’s production build by an alias (0.5 KB',
    'less, against the package’s exports), swr’s useSyncExternalStore shim replaced by React’s own (0.2 KB), the',
    'home’s last row (upcoming games, news) as a lazy chunk (0.3 KB, and it made the phone layout overflow in the',
    'browser tests), the search box’s suggestion list as a lazy chunk (0.2 KB: the covers it shows are in the',
    'home’s `cards` anyway), the session-expired banner as a lazy chunk (0.1 KB, and two more chunks).',
    '',
    '| file | raw KB | gzip KB |',
    '|---|---|---|',
    ...lines,
    '',
  ].join('\n'),
);
