import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The names the API, the workers, the front and the tests share are defined once, in libs/contract
// (docs/CONTRACT.md): a second list of play statuses, report reasons, locales, filters or any other values
// drifts from the first the day one of them gains a value. Migrations keep the values as they were when they
// ran, so they are left out.
const root = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['api', 'workers', 'libs', 'frontend/src', 'test/e2e', 'test/integration', 'test/support'];
const SKIP = /(^|\/)(node_modules|dist|migrations)(\/|$)|^libs\/contract\//;

function sources(dir: string, skip = SKIP): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (skip.test(path)) return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path, skip);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Two values of a list side by side, in an array or a union: `'a', 'b'` or `'a' | 'b'`. */
const listed = (first: string, second: string) =>
  new RegExp(`['"]${first}['"]\\s*(,|\\|)\\s*['"]${second}['"]`);

const COPIES: [string, RegExp][] = [
  ['the play statuses', listed('want', 'playing')],
  ['the play statuses’ labels', /want:\s*['"]Quiero jugarlo['"]/],
  ['the report reasons', listed('offensive', 'off-topic')],
  ['the report reasons’ labels', /['"]?spam['"]?:\s*['"]Spam o publicidad['"]|value:\s*['"]spam['"]/],
  ['the Spanish locales', listed('es-ES', 'es-419')],
  [
    'the Spanish locales’ labels',
    /['"]es-(ES|419)['"]\s*[?:]\s*['"](castellano|español latino)['"]|<option value=["']es-(ES|419)["']/i,
  ],
  ['the Spanish filters of the catalogue and the search', listed('audio', 'text')],
  ['the Spanish filters’ labels', /audio:\s*['"]Con voces en castellano['"]/],
  ['the profile visibilities', listed('public', 'followers')],
  ['the diary import’s sources', listed('csv', 'backloggd')],
  ['the diary import’s states', listed('matching', 'ready')],
  ['the release dates’ precisions', listed('day', 'month')],
  ['the review discovery’s origins', listed('metacritic', 'opencritic')],
  ['the player reviews’ orders', listed('helpful', 'recent')],
  ['the moderators’ decisions', listed('keep', 'hide')],
];

describe('libs/contract is the one definition of shared names', () => {
  const files = ROOTS.flatMap((dir) => sources(dir)).map((path) => relative(root, join(root, path)));

  it('reads the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(COPIES)('defines %s only in libs/contract', (_name, copy) => {
    const copies = files.filter((path) => copy.test(readFileSync(join(root, path), 'utf8')));
    expect(copies).toEqual([]);
  });
});

// The shapes of the API's answers and bodies (libs/contract) are declared once: the front and the tests that
// call the API import them. A declaration of the same name there is a copy that would drift from what the API
// sends. (The libraries may name their own rows as an answer is named: `OutletCall` of libs/db is a row.)
describe('the wire types are declared only in libs/contract', () => {
  /** The names a file declares with `interface Name {`, `interface Name extends` or `type Name =`. */
  const declared = (text: string) =>
    [
      ...text.matchAll(
        /^[ \t]*(?:export\s+)?(?:declare\s+)?(?:interface|type)\s+([A-Z]\w*)\s*(?:<[^>]*>\s*)?(?:=|\{|extends\b)/gm,
      ),
    ].map((match) => match[1]);
  const contractTypes = new Set(
    sources('libs/contract/src', /\.spec\.ts$/).flatMap((path) =>
      declared(readFileSync(join(root, path), 'utf8').replace(/^(?!export\b).*$/gm, '')),
    ),
  );
  const clients = ['frontend/src', 'test/e2e', 'test/integration', 'test/support'].flatMap((dir) =>
    sources(dir),
  );

  it('reads the contract and its clients', () => {
    expect([...contractTypes]).toEqual(
      expect.arrayContaining(['GameDetail', 'Outlet', 'Profile', 'DiaryImport']),
    );
    expect(clients.length).toBeGreaterThan(100);
  });

  it('finds no interface or type named as one of the contract in the front or the tests', () => {
    const copies = clients.flatMap((path) =>
      declared(readFileSync(join(root, path), 'utf8'))
        .filter((name) => contractTypes.has(name))
        .map((name) => `${path}: ${name}`),
    );
    expect(copies).toEqual([]);
  });
});
