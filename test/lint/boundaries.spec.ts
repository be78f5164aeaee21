import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The boundaries of the house are lint rules generated from architecture.json (eslint.config.js): each case
// lints one import as if it were written in that file (which need not exist), through the configuration
// `npm run lint` uses.
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
      'frontend no importa libs/db',
    ],
    [
      'a front import of libs/db by package name',
      'frontend/src/components/platform-list.ts',
      "import { PLATFORMS as imported } from '@veredicto/db';",
      'frontend no importa libs/db',
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
      'api no importa workers',
    ],
    [
      'an api/ import of workers/ by package name',
      'api/src/games/games.service.ts',
      "import { WorkersModule as imported } from '@veredicto/workers';",
      'api no importa workers',
    ],
    [
      'a libs/scraping import of libs/db',
      'libs/scraping/src/news/extract-article.ts',
      "import { NewsArticle as imported } from '../../../db/src/index.js';",
      'libs/scraping no importa libs/db',
    ],
    [
      'a libs/scraping import of libs/db by package name',
      'libs/scraping/src/news/extract-article.ts',
      "import { NewsArticle as imported } from '@veredicto/db';",
      'libs/scraping no importa libs/db',
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
      'workers no importa api',
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
      'libs/db no importa libs/scraping',
    ],
    [
      "a feature's import of another feature's internals",
      'frontend/src/features/games/components/list-modal.tsx',
      "import { addGameToList as imported } from '../../user/api/add-game-to-list';",
      'piezas internas de otra',
    ],
    [
      "a feature's import of the app's composition root",
      'frontend/src/features/news/pages/news-article-page.tsx',
      "import { NotFoundPage as imported } from '../../../app/not-found-page';",
      'no importa de app/',
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
    [
      'a contract import of another package of the house',
      'libs/contract/src/scores.ts',
      "import { loadConfig as imported } from '@veredicto/config';",
      'TypeScript puro',
    ],
    [
      'a contract import of a Node module',
      'libs/contract/src/slug.ts',
      "import { createHash as imported } from 'node:crypto';",
      'TypeScript puro',
    ],
    [
      'a libs/search import of the HTTP layer (a file the folder may not hold yet)',
      'libs/search/src/search-index-store.ts',
      "import { SearchIndexService as imported } from '../../../api/src/games/search-index.service.js';",
      'libs/search no importa api',
    ],
    [
      'a libs/search import of the HTTP layer by package name',
      'libs/search/src/search-flow.ts',
      "import { AppModule as imported } from '@veredicto/api';",
      'libs/search no importa api',
    ],
    [
      'a libs/search import of workers/',
      'libs/search/src/search-flow.ts',
      "import { WorkersModule as imported } from '@veredicto/workers';",
      'libs/search no importa workers',
    ],
    [
      'a libs/db import of libs/search (the search reads through db, never the other way)',
      'libs/db/src/games/catalogue.repository.ts',
      "import { SearchIndex as imported } from '@veredicto/search';",
      'libs/db no importa libs/search',
    ],
    [
      'a libs/mail import of libs/db (templates get their data from the caller)',
      'libs/mail/src/mail.service.ts',
      "import { User as imported } from '@veredicto/db';",
      'libs/mail no importa libs/db',
    ],
    [
      'an API import of the headless browser',
      'api/src/common/scrape-url.ts',
      "import puppeteer from 'puppeteer-core';\nexport const imported = puppeteer;",
      'no carga el navegador',
    ],
    [
      'an API import of libs/scraping beyond the URL guard',
      'api/src/common/scrape-url.ts',
      "import { PageFetcher as imported } from '@veredicto/scraping/fetching/browser.js';",
      'api solo importa de libs/scraping fetching/url-guard.js',
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
      'libs/jobs importing the outbox of libs/db (an arrow drawn on purpose)',
      'libs/jobs/src/outbox-relay.ts',
      "import { OutboxMessage as imported } from '@veredicto/db';",
    ],
    [
      'libs/search importing libs/db, the contract and the configuration',
      'libs/search/src/search-flow.ts',
      "import { Game as imported } from '@veredicto/db';\nimport { slugify } from '@veredicto/contract';\nimport { APP_CONFIG } from '@veredicto/config';\nexport { slugify, APP_CONFIG };",
    ],
    [
      'the workers importing the mail library',
      'workers/src/mail/send-mail.processor.ts',
      "import { MailService as imported } from '@veredicto/mail';",
    ],
    [
      'the API importing the URL guard of libs/scraping',
      'api/src/common/scrape-url.ts',
      "import { validateUrlInput as imported } from '@veredicto/scraping/fetching/url-guard.js';",
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

describe("the front's feature zones, one per feature folder (architecture.json)", () => {
  const features = readdirSync(join(root, 'frontend/src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('finds the features, the late ones among them', () => {
    expect(features).toEqual(expect.arrayContaining(['alerts', 'languages', 'games', 'diary']));
  });

  it.each(features)("refuses a deep import into %s's internals from another feature", async (feature) => {
    const from = feature === 'games' ? 'news' : 'games';
    expect(
      await restrictedImports(
        `frontend/src/features/${from}/pages/some-page.tsx`,
        `import { internal as imported } from '../../${feature}/components/some-part';`,
      ),
    ).toEqual(expect.arrayContaining([expect.stringContaining('piezas internas de otra')]));
  });
});
