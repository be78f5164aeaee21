import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The names the API, the workers, the front and the tests share are defined once, in libs/contract
// (docs/CONTRACT.md): a second list of play statuses, report reasons or locales drifts from the first the day
// one of them gains a value. Migrations keep the values as they were when they ran, so they are left out.
const root = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['api', 'workers', 'libs', 'frontend/src', 'test/e2e', 'test/integration', 'test/support'];
const SKIP = /(^|\/)(node_modules|dist|migrations)(\/|$)|^libs\/contract\//;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.test(path)) return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const COPIES: [string, RegExp][] = [
  ['the play statuses', /['"]want['"],\s*['"]playing['"]/],
  ['the play statuses’ labels', /want:\s*['"]Quiero jugarlo['"]/],
  ['the report reasons', /['"]offensive['"]\s*(,|\|)\s*['"]off-topic['"]/],
  ['the report reasons’ labels', /['"]?spam['"]?:\s*['"]Spam o publicidad['"]|value:\s*['"]spam['"]/],
  ['the Spanish locales', /['"]es-ES['"]\s*(,|\|)\s*['"]es-419['"]/],
];

describe('libs/contract is the one definition of shared names', () => {
  const files = ROOTS.flatMap(sources).map((path) => relative(root, join(root, path)));

  it('reads the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(COPIES)('defines %s only in libs/contract', (_name, copy) => {
    const copies = files.filter((path) => copy.test(readFileSync(join(root, path), 'utf8')));
    expect(copies).toEqual([]);
  });
});
