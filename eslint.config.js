import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryBlocks, frontFeatures, loadHouse, roomPatterns } from './scripts/architecture.mjs';

/*
 * The import boundaries come from the one description of the house, architecture.json (which also draws
 * docs/ARCHITECTURE.md): a room imports only the rooms it `uses`, by package name (`@veredicto/db`), never
 * by a relative path into another package's `src/`. The front's feature zones are its room's feature
 * folders, one zone each.
 */
const house = loadHouse();
const FEATURES = frontFeatures(house);
const FRONT = roomPatterns(house, 'frontend');

/** A feature uses another one only through its index.ts; shared pieces live in components/, lib/ or the contract. */
const featureBlocks = FEATURES.map((feature) => ({
  files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...FRONT,
          {
            regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((other) => other !== feature).join('|')})/.`,
            message:
              'Una funcionalidad no importa las piezas internas de otra: usa su index.ts, o mueve lo compartido a components/, lib/ o el contrato.',
          },
          {
            regex: '^(\\.\\./)+app(/|$)',
            message:
              'Una funcionalidad no importa de app/, que la compone: lo compartido vive en components/ o lib/.',
          },
        ],
      },
    ],
  },
}));

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
  ...boundaryBlocks(house),
  ...featureBlocks,
  {
    // React Router's <Link> carries framework-mode prefetching the site never uses: about 2 KB of gzipped
    // JavaScript in every first paint (docs/PERFORMANCE.md, front-end budget).
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='react-router-dom'] > ImportSpecifier[imported.name=/^(Link|NavLink)$/]",
          message: 'Los enlaces de la aplicación son los de components/link.tsx, no los de React Router.',
        },
      ],
    },
  },
  {
    // A repository is obtained one way (docs/ARCHITECTURE.md, "Obtaining a repository"): an entity's by
    // em.getRepository(Entity), a query class by repository(em, Class), which is the one `new` of them.
    files: ['api/**/*.ts', 'workers/**/*.ts', 'libs/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'NewExpression[callee.name=/Repository$/]',
          message:
            'Un repositorio se obtiene con em.getRepository(Entidad) o, si no es el de una entidad, con repository(em, Clase) de @veredicto/db.',
        },
      ],
    },
  },
  {
    // The browser tests share one tab per worker, emptied between tests (test/e2e/support/fixtures.ts).
    files: ['test/e2e/**/*.ts'],
    ignores: ['test/e2e/support/fixtures.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              allowTypeImports: true,
              message: 'Los tests del navegador toman test de ./support/fixtures.js.',
            },
          ],
        },
      ],
    },
  },
);
