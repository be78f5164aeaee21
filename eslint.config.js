import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The never-arrows of STYLE.md as lint rules. Imports are matched as written: by package name
 * (`@veredicto/db`) or by a relative path that reaches into another package's `src/` (`../../db/src/...`).
 */
const FEATURES = ['admin', 'auth', 'games', 'news', 'search', 'user'];
const reach = (name) => `(^@veredicto/${name}(/|$))|((^|/)${name}/src(/|$))`;
const forbid = (regex, message) => ({ regex, message });

const NEVER = {
  workers: forbid(
    reach('workers'),
    'La API nunca importa de workers/: encola trabajos a través de libs/jobs.',
  ),
  api: forbid(reach('api'), 'Un trabajador o una librería no conoce la capa HTTP (api/).'),
  platform: forbid('^@nestjs/platform-', 'Los trabajadores no tienen servidor HTTP (@nestjs/platform-*).'),
  scraping: forbid(reach('scraping'), 'libs/db no conoce a quien la llama (libs/scraping).'),
  search: forbid(
    reach('search'),
    'libs/db no conoce a quien la llama (libs/search): la búsqueda lee a través de sus repositorios.',
  ),
  db: forbid(
    reach('db'),
    'libs/scraping no conoce la base de datos (libs/db): devuelve datos, otros guardan.',
  ),
  jobs: forbid(reach('jobs'), 'libs/scraping no conoce las colas (libs/jobs).'),
  bullmq: forbid('^(bullmq|@nestjs/bullmq)(/|$)', 'libs/scraping no conoce las colas (bullmq).'),
};

/** Across packages by name, never by a relative path into another package's sources (compiled dist/ aside). */
const DEEP = forbid(
  '^(?!.*(^|/)dist/)\\.{1,2}/(.*/)?(libs/|(config|contract|db|jobs|runtime|scraping|search)/src(/|$))',
  'Entre paquetes se importa por su nombre (@veredicto/db), no por una ruta relativa: `npm run imports:packages` lo corrige.',
);

/** The front talks HTTP and the contract only: no other package of the repository, no server library. */
const FRONT = [
  forbid(
    '(^@veredicto/(?!contract$))|((^|/)libs/)|((^|/)(api|workers|db|jobs|scraping|search|config|runtime)/src(/|$))',
    'El front solo importa su propio código y @veredicto/contract.',
  ),
  forbid(
    '^(@mikro-orm|@nestjs|bullmq|ioredis|pg|node:)',
    'El front no usa librerías del servidor: habla HTTP con la API.',
  ),
];

/** A feature uses another one only through its index.ts; shared pieces live in components/, lib/ or the contract. */
const featureBlocks = FEATURES.map((feature) => ({
  files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...FRONT,
          forbid(
            `^(\\.\\./)+(features/)?(${FEATURES.filter((other) => other !== feature).join('|')})/.`,
            'Una funcionalidad no importa las piezas internas de otra: usa su index.ts, o mueve lo compartido a components/, lib/ o el contrato.',
          ),
        ],
      },
    ],
  },
}));

const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
/** A back-end boundary: its own never-arrows plus the package-name rule (a later block replaces the rule's list). */
const backEnd = (files, patterns) => boundary(files, [...patterns, DEEP]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test/fixtures/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  backEnd(['**/*.{ts,mts,mjs}'], []),
  backEnd(['api/**/*.ts'], [NEVER.workers]),
  backEnd(['workers/**/*.ts'], [NEVER.api, NEVER.platform]),
  backEnd(['libs/db/**/*.ts'], [NEVER.api, NEVER.workers, NEVER.scraping, NEVER.search]),
  backEnd(['libs/search/**/*.ts'], [NEVER.api, NEVER.workers]),
  backEnd(['libs/scraping/**/*.ts'], [NEVER.api, NEVER.workers, NEVER.db, NEVER.jobs, NEVER.bullmq]),
  backEnd(['libs/jobs/**/*.ts', 'libs/config/**/*.ts'], [NEVER.api, NEVER.workers]),
  boundary(
    ['libs/contract/**/*.ts'],
    [
      forbid(
        '^(?!\\./)',
        'El contrato es TypeScript puro sin dependencias: solo importa sus propios ficheros.',
      ),
    ],
  ),
  boundary(['frontend/src/**/*.{ts,tsx}'], FRONT),
  ...featureBlocks,
);
