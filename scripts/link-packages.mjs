#!/usr/bin/env node
// After `tsc`: makes the compiled libraries importable by package name at run time. Each dist/libs/<name>
// gets a package.json (@veredicto/<name>: its src/index.js, and its other files by path), and
// dist/node_modules/@veredicto/<name> links to it, so Node finds `@veredicto/db` from anywhere in dist/ and
// loads the very same module files as a relative import would. Runs as part of `npm run build:server`.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const scope = join(dist, 'node_modules', '@veredicto');
mkdirSync(scope, { recursive: true });

for (const name of readdirSync(join(dist, 'libs'))) {
  if (!existsSync(join(dist, 'libs', name, 'src'))) continue;
  const manifest = {
    name: `@veredicto/${name}`,
    private: true,
    type: 'module',
    exports: { '.': './src/index.js', './*': './src/*' },
  };
  writeFileSync(join(dist, 'libs', name, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const link = join(scope, name);
  const target = join('..', '..', 'libs', name);
  let current;
  try {
    current = readlinkSync(link);
  } catch {
    current = undefined;
  }
  if (current === target) continue;
  rmSync(link, { recursive: true, force: true });
  symlinkSync(target, link, 'dir');
}
