#!/usr/bin/env node
// Rewrites relative imports that reach into another package's source (`../../../libs/db/src/index.js`) into
// package names (`@veredicto/db`, `@veredicto/scraping/fetching/index.js`). Idempotent: a second run finds
// nothing to change, so it can run again after every merge. `--check` lists what it would change and exits
// with 1 if anything is left. Usage: node scripts/use-package-imports.mjs [--check]
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

/** Every folder of libs/ with a src/ is a package named @veredicto/<folder>. */
const packages = readdirSync(join(root, 'libs')).filter((name) =>
  existsSync(join(root, 'libs', name, 'src')),
);

const SOURCE_DIRS = ['api', 'workers', 'libs', 'bench', 'test', 'scripts', 'frontend/src'];
const SKIP = new Set(['node_modules', 'dist', 'fixtures', 'seed-data', 'migrations']);
const EXTENSIONS = /\.(ts|tsx|mts|mjs)$/;

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (EXTENSIONS.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

/** The package a file belongs to, or null outside libs/. */
function packageOf(file) {
  const [top, name] = relative(root, file).split(sep);
  return top === 'libs' ? name : null;
}

/** The package name for a relative specifier written in `file`, or null when it stays relative. */
function packageSpecifier(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = relative(root, resolve(dirname(file), specifier)).split(sep);
  if (target[0] !== 'libs' || !packages.includes(target[1]) || target[2] !== 'src') return null;
  if (target[1] === packageOf(file)) return null;
  const inside = target.slice(3).join('/');
  const name = `@veredicto/${target[1]}`;
  // The front resolves the contract through Vite's alias and imports without extensions.
  if (inside === 'index.js' || inside === 'index.ts' || inside === 'index' || inside === '') return name;
  return `${name}/${inside}`;
}

// Static imports and re-exports (`from '…'`), side-effect imports, dynamic import() and jest.mock-style calls.
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(?\s*|\b(?:jest|vi)\.(?:mock|unstable_mockModule)\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;

let changedFiles = 0;
let changedImports = 0;
for (const dir of SOURCE_DIRS) {
  for (const file of sourceFiles(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    let count = 0;
    const next = text.replace(SPECIFIER, (whole, lead, quote, specifier) => {
      const name = packageSpecifier(file, specifier);
      if (!name) return whole;
      count++;
      return `${lead}${quote}${name}${quote}`;
    });
    if (count === 0) continue;
    changedFiles++;
    changedImports += count;
    if (check) process.stdout.write(`${relative(root, file)}: ${count}\n`);
    else writeFileSync(file, next);
  }
}
process.stdout.write(
  `${check ? 'would rewrite' : 'rewrote'} ${changedImports} import(s) in ${changedFiles} file(s) to package names\n`,
);
if (check && changedImports > 0) process.exit(1);
