import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

// A repository is obtained one way (docs/ARCHITECTURE.md, "Obtaining a repository"): an entity's by
// em.getRepository(Entity), a query class by repository(em, Class). Each case lints a snippet as if it were
// written in that file (which need not exist), through the configuration `npm run lint` uses.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedSyntax(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const MADE_BY_HAND = `
import type { EntityManager } from '@mikro-orm/postgresql';
import { GameFiguresRepository } from '@veredicto/db';
export const figures = (em: EntityManager) => new GameFiguresRepository(em).recalculateAverages(1);
`;

const THROUGH_THE_ACCESSOR = `
import type { EntityManager } from '@mikro-orm/postgresql';
import { Game, GameFiguresRepository, repository } from '@veredicto/db';
export const figures = (em: EntityManager) => repository(em, GameFiguresRepository).recalculateAverages(1);
export const key = (em: EntityManager) => em.getRepository(Game).findKey(1);
`;

describe('repositories obtained one way, enforced by npm run lint', () => {
  it.each([
    'api/src/games/some.service.ts',
    'workers/src/averages/some.service.ts',
    'libs/search/src/some-search.ts',
    'libs/db/src/games/some.repository.ts',
    'bench/some-bench.ts',
  ])('refuses a query class made with new in %s', async (filePath) => {
    expect(await restrictedSyntax(filePath, MADE_BY_HAND)).toEqual([
      expect.stringContaining('repository(em, Clase)'),
    ]);
  });

  it('accepts repository(em, Class) and em.getRepository(Entity)', async () => {
    expect(await restrictedSyntax('workers/src/averages/some.service.ts', THROUGH_THE_ACCESSOR)).toEqual([]);
  });

  it('leaves the unit tests free to make one', async () => {
    expect(await restrictedSyntax('libs/db/src/games/some.repository.spec.ts', MADE_BY_HAND)).toEqual([]);
  });
});
