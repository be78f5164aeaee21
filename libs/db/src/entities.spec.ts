import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTITIES, ENTITY_CLASSES } from './entities.js';

// entities.ts is the one registry of entities (docs/ARCHITECTURE.md, "Registering an entity"): the ORM's
// metadata and typed SQL's tables both come from ENTITY_CLASSES, so an entity missing there is missing
// everywhere, and one under another key would be queried under a name the ORM does not know.
const source = fileURLToPath(new URL('.', import.meta.url));

function entityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entityFiles(path);
    return entry.name.endsWith('.entity.ts') ? [path] : [];
  });
}

/** The classes a file declares as entities (`@Entity(...)` then `export class Name`). */
function declaredEntities(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^@Entity\([\s\S]*?^export class (\w+)/gm)].map((match) => match[1]);
}

describe('entities.ts, the one registry of entities', () => {
  const files = entityFiles(source);
  const registry = readFileSync(join(source, 'entities.ts'), 'utf8');

  it('finds the entity files, the late ones among them', () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
    expect(files.map((file) => relative(source, file))).toEqual(
      expect.arrayContaining(['prices/subscription-membership.entity.ts', 'games/game.entity.ts']),
    );
  });

  it.each(entityFiles(source).map((file) => [relative(source, file), file]))(
    'exports %s and registers its entity class',
    (path, file) => {
      expect(registry).toContain(`export * from './${path.replace(/\.ts$/, '.js')}';`);
      const declared = declaredEntities(file);
      expect(declared).not.toEqual([]);
      for (const name of declared) expect(ENTITY_CLASSES).toHaveProperty(name);
    },
  );

  it('registers each class under its own name, once', () => {
    for (const [name, entity] of Object.entries(ENTITY_CLASSES)) expect(entity.name).toBe(name);
    expect(new Set(ENTITIES).size).toBe(Object.keys(ENTITY_CLASSES).length);
  });
});
