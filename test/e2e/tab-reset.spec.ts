import { signInPage } from './support/api.js';
import { expect, test } from './support/fixtures.js';

// The two tests run in this order in one worker (fullyParallel is off): the second gets the tab the first
// left, as every test gets the previous one's (support/fixtures.ts).

test('una prueba deja la pestaña con sesión, rutas, cabeceras, almacenamiento y avisos propios @escritorio', async ({
  page,
}) => {
  await signInPage(page, 'token-de-la-prueba-anterior');
  await page.route('**/api/games/last', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.setExtraHTTPHeaders({ 'x-prueba-anterior': '1' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 800, height: 600 });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/');
  await page.evaluate(() => {
    window.sessionStorage.setItem('de-la-prueba-anterior', '1');
    document.cookie = 'de_la_prueba_anterior=1; path=/';
  });
  expect(await page.evaluate(() => window.sessionStorage.getItem('e2e-token-written'))).toBe('1');
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  expect(await page.evaluate(async () => (await fetch('/api/games/last')).status)).toBe(503);
  expect(await page.evaluate(() => window.confirm('¿Seguimos?'))).toBe(true);
});

test('la siguiente prueba recibe la pestaña como nueva @escritorio', async ({ page }) => {
  expect(page.url()).toBe('about:blank');
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
  const sent: Record<string, string>[] = [];
  page.on('request', (request) => sent.push(request.headers()));
  await page.goto('/');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
  expect(await page.evaluate(async () => (await fetch('/api/games/last')).status)).toBe(200);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((headers) => 'x-prueba-anterior' in headers)).toEqual([]);
  // With no listener of its own, the page's dialogs are dismissed (the first test's listener accepted them).
  expect(await page.evaluate(() => window.confirm('¿Seguimos?'))).toBe(false);
});
