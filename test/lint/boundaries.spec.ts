import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

// The boundaries of STYLE.md are lint rules (eslint.config.js): each case lints one import as if it were
// written in that file, through the same configuration `npm run lint` uses.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries enforced by npm run lint', () => {
  it.each([
    [
      'a front import of libs/db',
      'frontend/src/features/games/platform-list.ts',
      "import { PLATFORMS as imported } from '../../../../libs/db/src/index.js';",
      'El front solo importa',
    ],
    [
      'a front import of libs/db by package name',
      'frontend/src/components/platform-list.ts',
      "import { PLATFORMS as imported } from '@veredicto/db';",
      'El front solo importa',
    ],
    [
      'a front import of a server library',
      'frontend/src/lib/orm.ts',
      "import { MikroORM as imported } from '@mikro-orm/postgresql';",
      'librerías del servidor',
    ],
    [
      'an api/ import of workers/',
      'api/src/games/games.service.ts',
      "import { WorkersModule as imported } from '../../../workers/src/workers.module.js';",
      'La API nunca importa de workers/',
    ],
    [
      'an api/ import of workers/ by package name',
      'api/src/games/games.service.ts',
      "import { WorkersModule as imported } from '@veredicto/workers';",
      'La API nunca importa de workers/',
    ],
    [
      'a libs/scraping import of libs/db',
      'libs/scraping/src/news/extract-article.ts',
      "import { NewsArticle as imported } from '../../../db/src/index.js';",
      'libs/scraping no conoce la base de datos',
    ],
    [
      'a libs/scraping import of libs/db by package name',
      'libs/scraping/src/news/extract-article.ts',
      "import { NewsArticle as imported } from '@veredicto/db';",
      'libs/scraping no conoce la base de datos',
    ],
    [
      'a libs/scraping import of bullmq',
      'libs/scraping/src/news/extract-article.ts',
      "import { Queue as imported } from 'bullmq';",
      'libs/scraping no conoce las colas',
    ],
    [
      'a workers/ import of the HTTP layer',
      'workers/src/main.ts',
      "import { AppModule as imported } from '../../api/src/app.module.js';",
      'no conoce la capa HTTP',
    ],
    [
      'a workers/ import of an HTTP platform',
      'workers/src/main.ts',
      "import { ExpressAdapter as imported } from '@nestjs/platform-express';",
      'no tienen servidor HTTP',
    ],
    [
      'a libs/db import of a caller',
      'libs/db/src/games/game.repository.ts',
      "import { extractArticle as imported } from '../../../scraping/src/news/extract-article.js';",
      'libs/db no conoce a quien la llama',
    ],
    [
      'a libs/db import of libs/search',
      'libs/db/src/games/game.repository.ts',
      "import { SearchIndex as imported } from '@veredicto/search';",
      'libs/db no conoce a quien la llama (libs/search)',
    ],
    [
      'a libs/search import of the HTTP layer',
      'libs/search/src/search-index-store.ts',
      "import { GamesService as imported } from '../../../api/src/games/games.service.js';",
      'no conoce la capa HTTP',
    ],
    [
      'a libs/search import of workers/',
      'libs/search/src/game-search.ts',
      "import { WorkersModule as imported } from '@veredicto/workers';",
      'La API nunca importa de workers/',
    ],
    [
      "a feature's import of another feature's internals",
      'frontend/src/features/games/components/list-modal.tsx',
      "import { addGameToList as imported } from '../../user/api/add-game-to-list';",
      'piezas internas de otra',
    ],
    [
      'a relative import into another package (package names instead)',
      'api/src/games/games.service.ts',
      "import { GameRepository as imported } from '../../../libs/db/src/index.js';",
      'se importa por su nombre',
    ],
    [
      'a relative import from one library into another',
      'libs/runtime/src/supervisor.ts',
      "import { loadConfig as imported } from '../../config/src/index.js';",
      'se importa por su nombre',
    ],
    [
      'a contract import of a library',
      'libs/contract/src/platforms.ts',
      "import { z as imported } from 'zod';",
      'TypeScript puro',
    ],
  ])('fails on %s', async (_case, filePath, code, reason) => {
    expect(await restrictedImports(filePath, code)).toEqual(
      expect.arrayContaining([expect.stringContaining(reason)]),
    );
  });

  it.each([
    [
      'the front importing the contract',
      'frontend/src/features/games/platforms.ts',
      "import { PLATFORMS as imported } from '@veredicto/contract';",
    ],
    [
      "a feature importing another feature's index",
      'frontend/src/features/games/components/list-modal.tsx',
      "import { addGameToList as imported } from '../../user';",
    ],
    [
      "a feature importing its own internals and the front's shared pieces",
      'frontend/src/features/user/pages/lists-page.tsx',
      "import { useGameLists as imported } from '../api/use-game-lists';\nimport { routes } from '../../../lib/paths';\nexport { routes };",
    ],
    [
      'the API importing libraries by package name',
      'api/src/games/games.service.ts',
      "import { GameRepository as imported } from '@veredicto/db';\nimport '@veredicto/config/require-node.js';",
    ],
    [
      'libs/search reading through libs/db by package name',
      'libs/search/src/game-search.ts',
      "import { GameSearchRepository as imported } from '@veredicto/db';",
    ],
    [
      'libs/scraping importing its own files',
      'libs/scraping/src/reviews/review-cards.ts',
      "import { extractArticle as imported } from '../news/extract-article.js';",
    ],
  ])('accepts %s', async (_case, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
