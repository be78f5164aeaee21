import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { FakeSteamPrice } from '../support/fake-stores.js';
import type { FakeStoresAddresses } from '../support/site-with-fake-stores.js';
import { expect, test } from './support/fixtures.js';
import type { GameDetail, GamePricesBody } from '@veredicto/contract';
import { adminToken, formatDate, formatLocalDate, getJson, loggedInUser, waitForJob } from './support/api.js';
import { dataDir } from './support/env.js';

/**
 * Demo-catalogue games linked to a Steam app (the `steam` entries of languages.jsonl.gz), one per project so
 * the two widths never poll, set an alert on or alert about the same game; no other browser test opens them.
 */
const GAMES = {
  'movil-375': { igdbId: 71, appId: 400 }, // Portal
  'escritorio-1440': { igdbId: 533, appId: 205100 }, // Dishonored
} as const;

function gameOf(testInfo: TestInfo) {
  const game = GAMES[testInfo.project.name as keyof typeof GAMES];
  if (!game) throw new Error(`no game for the project ${testInfo.project.name}`);
  return game;
}

/** The addresses the site wrote as it started (test/support/site-with-fake-stores.ts). */
async function fakeStores(): Promise<FakeStoresAddresses> {
  return JSON.parse(await readFile(join(dataDir(), 'fake-stores.json'), 'utf8')) as FakeStoresAddresses;
}

/** What Steam's GetItems answers for the app from now on. */
async function setSteamPrice(request: APIRequestContext, appId: number, price: FakeSteamPrice) {
  const { control } = await fakeStores();
  const response = await request.put(`${control}/steam/${appId}`, { data: price });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The operator's poll (POST /api/admin/prices/refresh) until the game's Steam offer is the fake's final
 * price: a poll the schedule started just before the price was set would answer the same job, from before.
 */
async function pollUntil(request: APIRequestContext, igdbId: number, final: number) {
  await expect(async () => {
    const token = await adminToken(request);
    const refreshed = await request.post('/api/admin/prices/refresh', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refreshed.status()).toBe(202);
    const { jobId } = (await refreshed.json()) as { jobId: string };
    await waitForJob(request, token, { queue: 'prices', jobId }, 45_000);
    const prices = await getJson<GamePricesBody>(request, `/api/games/${igdbId}/prices`);
    expect(prices.offers.find((offer) => offer.store === 'steam')?.final).toBe(final);
  }).toPass({ timeout: 90_000, intervals: [1_000] });
}

/** Nothing in the block is wider than the screen, and the page does not scroll sideways. */
async function expectFits(page: Page, block: Locator) {
  expect(await block.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

test('¿Dónde y por cuánto?: el precio de Steam con su descuento, un aviso por debajo de un precio y la campana', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { igdbId, appId } = gameOf(testInfo);
  const game = await getJson<GameDetail>(request, `/api/games/${igdbId}`);
  const inTenDays = Math.floor(Date.now() / 1000) + 10 * 86_400;
  const onSale = { name: game.title, regular: 1999, final: 1499, lowest30d: 1299, endsAt: inTenDays };
  await setSteamPrice(request, appId, onSale);
  await pollUntil(request, igdbId, onSale.final);
  // Spain's store was asked, at most 100 apps a call.
  const calls = (await (
    await request.get(`${(await fakeStores()).control}/steam/calls?app=${appId}`)
  ).json()) as {
    ids: number;
    country: string | null;
  }[];
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.every((call) => call.country === 'ES' && call.ids <= 100)).toBe(true);

  const user = await loggedInUser(page, request, 'precios');
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
  const block = page.getByRole('region', { name: /¿dónde y por cuánto\?/i });
  await block.scrollIntoViewIfNeeded();
  const offer = block.getByTestId('price-steam-pc');
  await expect(offer).toContainText('Steam · PC');
  await expect(offer.locator('s')).toHaveText('19,99 €');
  await expect(offer.locator('strong')).toHaveText('14,99 €');
  await expect(offer).toContainText('-25 %');
  await expect(offer).toContainText('Precio más bajo en 30 días: 12,99 €');
  await expect(offer).toContainText(
    `Oferta hasta el ${formatDate(new Date(inTenDays * 1000).toISOString())}`,
  );
  await expect(offer).toContainText(`Fuente: Steam, ${formatLocalDate(new Date())}`);
  await expect(offer.getByRole('link', { name: 'Steam' })).toHaveAttribute(
    'href',
    new RegExp(`^https://store\\.steampowered\\.com/app/${appId}/`),
  );
  await expectFits(page, block);
  await block.screenshot({ path: testInfo.outputPath(`precios-oferta-${testInfo.project.name}.png`) });

  // The reader asks to hear when it goes under 10 €: a threshold for a game they do not follow.
  await block.getByLabel('Avísame si baja de').fill('10');
  await block.getByRole('button', { name: 'Guardar aviso' }).click();
  await expect(block.getByRole('status')).toHaveText('Te avisaremos cuando baje de ese precio.');
  const saved = await request.get(`/api/user/alerts/games/${igdbId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(await saved.json()).toEqual({ priceBelow: 1000 });

  // The store lowers the price; the operator polls.
  await setSteamPrice(request, appId, { ...onSale, final: 999 });
  await pollUntil(request, igdbId, 999);

  // The fan-out runs in the workers; the bell asks again on each page load.
  const bell = page.getByRole('link', { name: /^Avisos/ });
  await expect(async () => {
    await page.reload();
    await expect(bell.getByTestId('bell-count')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(game.title);
  await expect(notification).toContainText('Por debajo de tu precio en Steam: 9,99 € (-50 %)');
  await page.screenshot({ path: testInfo.outputPath(`precios-aviso-${testInfo.project.name}.png`) });

  // The notification opens the game: the new price, the historic low and its chart.
  await notification.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
  await block.scrollIntoViewIfNeeded();
  await expect(offer.locator('strong')).toHaveText('9,99 €');
  await expect(offer).toContainText('-50 %');
  await expect(block).toContainText('Mínimo histórico: 9,99 € en Steam');
  await expect(block.getByRole('img', { name: 'Historial de precios' }).locator('canvas')).toBeVisible();
  await expectFits(page, block);
  await block.screenshot({ path: testInfo.outputPath(`precios-bajada-${testInfo.project.name}.png`) });
});
