// Jest runs in ESM mode (see ENVIRONMENT.md): @swc/jest compiles TypeScript with decorator metadata.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    // The libraries by package name (tsconfig.json "paths"), from their TypeScript sources.
    '^@veredicto/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@veredicto/([a-z-]+)/(.*)\\.js$': '<rootDir>/libs/$1/src/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['<rootDir>/test/support/setup-modules.ts'],
  testEnvironment: 'node',
  // In the project, not under /tmp: the tests leave nothing behind there.
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
};

export default {
  // A global option: Jest ignores it inside a project.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{api,workers,libs,deploy,bench}/**/*.spec.ts',
        '<rootDir>/test/lint/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/fresh-orderings.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
  ],
};
