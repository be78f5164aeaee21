import { defineConfig } from '@playwright/test';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The browser tier runs the whole product as `npm start` does, on the embedded defaults (embedded
// PostgreSQL, BullMQ on PostgreSQL, demo catalogue seeded), in a fresh data folder.
const port = Number(process.env.E2E_PORT ?? 3100);
if (!process.env.E2E_DATA_DIR) {
  // Each run seeds a fresh data folder (~200 MB): remove the ones earlier runs left behind.
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (entry.startsWith('veredicto-e2e-') && Date.now() - statSync(path).mtimeMs > 10 * 60_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'veredicto-e2e-'));
// As root, the embedded PostgreSQL runs as the postgres user, which must be able to reach the data folder.
chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // A `test.only` left in a spec would make CI run that test alone and pass.
  forbidOnly: Boolean(process.env.CI),
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Every spec takes `test` from test/e2e/support/fixtures.ts: a worker's tests share one tab, emptied
  // between tests (a new browser context per test cost a quarter of the tier on 2 cores).
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // A test of one viewport only is tagged @movil or @escritorio and runs in that project alone: no test
  // skips itself, so the tier reports every test it lists as run. Every screen is drawn at both widths by
  // some test (docs/CONTRACT.md §6: a phone and 1440 px); a flow whose steps are the same at both (an account's lists,
  // a review's edit, a session that expires, a failed read) runs at one of them, the flows shared out
  // between the two, so on 2 cores the tier stays within what CI allows.
  projects: [
    {
      name: 'movil-375',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      grepInvert: /@escritorio/,
    },
    { name: 'escritorio-1440', use: { viewport: { width: 1440, height: 900 } }, grepInvert: /@movil/ },
  ],
  // The product as `npm start` runs it, behind the stores' fakes (test/support/site-with-fake-stores.ts): the
  // prices are polled from them, never from a real store.
  webServer: {
    command: 'node dist/test/support/site-with-fake-stores.js',
    url: `http://127.0.0.1:${port}/health/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Stopped the way an operator stops it (Ctrl-C / SIGTERM): API and workers close before the database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SCRAPER_ALLOWED_HOSTS: '127.0.0.1',
      // test/e2e/support/api.ts gives each API-made precondition its own client address.
      TRUSTED_PROXIES: 'loopback',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // A poll runs when a test asks for it (POST /api/admin/prices/refresh), unspaced against the fakes,
      // and reads prices only: the Spanish reviews of the catalogue's 12,000 Steam games would be 2,000
      // calls a poll that no test looks at.
      PRICES_POLL: 'on',
      PRICES_REQUEST_INTERVAL_MS: '0',
      STEAM_REVIEWS_PER_RUN: '0',
    },
  },
});
