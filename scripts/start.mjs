// `npm start`: build what is missing or out of date, then run the supervisor (database, API, workers).
// package.json runs it with `exec`: no shell stays between npm and this process, so a terminal's Ctrl-C
// (SIGINT to the whole group) cannot kill a shell and make npm report 130; the supervisor alone decides.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 17)) {
  console.error(
    `Node ${process.versions.node} is too old: run through npm (npm start), which uses the Node 24 of node_modules.`,
  );
  process.exit(1);
}
// tsc is incremental: with nothing changed it only checks timestamps.
run('npm run --silent build:server');
const frontIndex = join(root, 'frontend/dist/index.html');
if (!existsSync(frontIndex) || statSync(frontIndex).mtimeMs < newest(join(root, 'frontend'))) {
  run('npm run --silent build:front');
}
await import('../dist/libs/runtime/src/cli.js');
