import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestOptions,
} from '@playwright/test';

export { expect } from '@playwright/test';

/** The page's events a test may listen to; their listeners go when the test ends. */
const PAGE_EVENTS = [
  'console',
  'dialog',
  'download',
  'filechooser',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
] as const;

/** One browser tab a worker keeps, and what a test added to it (undone when the test ends). */
interface Tab {
  context: BrowserContext;
  page: Page;
  origin: string;
  viewport: BrowserContextOptions['viewport'];
  added: { dispose(): Promise<void> }[];
}

/** A new context and page with the project's options (viewport, touch, locale, base URL). */
async function openTab(browser: Browser, options: Partial<PlaywrightTestOptions>): Promise<Tab> {
  const { baseURL, locale, viewport, isMobile, hasTouch } = options;
  const context = await browser.newContext({ baseURL, locale, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  const tab: Tab = { context, page, origin: new URL(baseURL!).origin, viewport, added: [] };
  // The init scripts a test adds (a signed-in session, an unlocked admin console) are removed when it ends.
  for (const target of [page, context]) {
    const add = target.addInitScript.bind(target) as Page['addInitScript'];
    target.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
      const disposable = await add(...args);
      tab.added.push(disposable);
      return disposable;
    }) as Page['addInitScript'];
  }
  return tab;
}

/**
 * Leaves the tab as a new one: nothing the test added (init scripts, routes, listeners, headers, media,
 * viewport), no page loaded, and no cookies or storage of the site (local and session storage, IndexedDB,
 * caches). The HTTP cache stays, as a returning visitor's: the site's assets are immutable and everything
 * else is revalidated (max-age=0), so it changes no answer, only what the browser compiles again.
 */
async function resetTab(tab: Tab): Promise<void> {
  const { page, context } = tab;
  for (const disposable of tab.added.splice(0)) await disposable.dispose();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  await page.setExtraHTTPHeaders({});
  await context.setExtraHTTPHeaders({});
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
  if (tab.viewport) await page.setViewportSize(tab.viewport);
  // The site writes its scroll positions to sessionStorage when the page is hidden (scroll-memory.tsx): a
  // write sent on leaving could land after the clear below. The page leaves without writing.
  await page
    .evaluate(() => {
      Storage.prototype.setItem = () => undefined;
    })
    .catch(() => undefined);
  await page.goto('about:blank');
  await context.clearCookies();
  await context.clearPermissions();
  const session = await context.newCDPSession(page);
  try {
    await session.send('Storage.clearDataForOrigin', { origin: tab.origin, storageTypes: 'all' });
  } finally {
    await session.detach();
  }
}

/**
 * The browser tier's `test`: each test gets a tab as new as a fresh context's, but every test of a worker
 * uses the same one, emptied between tests (`resetTab`). A new context costs this 2-core CI machine about
 * a second of CPU (a browser context, a renderer process and the site's scripts compiled again), over
 * 100 s of the tier. A tab the reset cannot empty (a test that closed it, a page that no longer answers)
 * is replaced by a new context.
 */
export const test = base.extend<object, { tab: { current?: Tab } }>({
  tab: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const holder: { current?: Tab } = {};
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ page }, use) => {
    await use(page.context());
  },
  page: async ({ browser, tab }, use, testInfo) => {
    tab.current ??= await openTab(browser, testInfo.project.use);
    await use(tab.current.page);
    try {
      if (tab.current.page.isClosed()) throw new Error('the test closed its page');
      await resetTab(tab.current);
    } catch {
      await tab.current.context.close().catch(() => undefined);
      tab.current = await openTab(browser, testInfo.project.use);
    }
  },
});
