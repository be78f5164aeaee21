import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The repository root, found by walking up to our package.json: the same code runs from the
 * TypeScript sources (tests) and from dist/ (production), which sit at different depths.
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'veredicto') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Veredicto project root not found');
    dir = parent;
  }
}

export const fromRoot = (...parts: string[]) => join(projectRoot(), ...parts);
