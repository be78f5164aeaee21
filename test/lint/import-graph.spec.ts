import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// What a process loads, read from the sources: every module reachable by value imports (type-only imports
// are erased by the compiler) from an entry point, through relative paths and the @veredicto/* packages.
const root = fileURLToPath(new URL('../..', import.meta.url));
const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

function resolveSource(from: string, specifier: string): string | null {
  const scoped = /^@veredicto\/([a-z-]+)(?:\/(.+))?$/.exec(specifier);
  const base = scoped
    ? join(root, 'libs', scoped[1], 'src', scoped[2] ?? 'index.js')
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`);
  return found;
}

function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [join(root, entry)];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue;
      const specifier = match[2] ?? match[3];
      const source = resolveSource(file, specifier);
      if (source) pending.push(source);
      else
        packages.add(
          specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0],
        );
    }
  }
  return { files: new Set([...files].map((file) => relative(root, file))), packages };
}

describe('import graph of each process', () => {
  it('the API validates scraping URLs without loading the browser (puppeteer-core)', () => {
    const api = importGraph('api/src/main.ts');
    expect(api.files).toContain('libs/scraping/src/fetching/url-guard.ts');
    expect(api.files).not.toContain('libs/scraping/src/fetching/browser-pool.ts');
    expect(api.packages).toContain('@nestjs/core');
    expect(api.packages).not.toContain('puppeteer-core');
  });

  it('the workers, which scrape with Chromium, do load it (the walk sees through the packages)', () => {
    const workers = importGraph('workers/src/main.ts');
    expect(workers.files).toContain('libs/scraping/src/fetching/browser-pool.ts');
    expect(workers.packages).toContain('puppeteer-core');
  });
});
