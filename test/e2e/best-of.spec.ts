import { expect, test } from './support/fixtures.js';
import type { BestOfRank, GameDetail, GameSummary, Page, SimilarGame } from '@veredicto/contract';
import { formatScore, getJson } from './support/api.js';

// The Elder Scrolls V: Skyrim (2011), many media reviews in the demo data.
const SKYRIM = 472;

test('una lista de los mejores del año sale ordenada por la media de la crítica y enlaza a cada juego', async ({
  page,
  request,
}) => {
  const list = await getJson<Page<GameSummary>>(request, '/api/games/best-of?year=2011&page=0&size=50');
  expect(list.totalElements).toBeGreaterThan(3);
  await page.goto('/mejores/2011');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Los mejores juegos de 2011');
  await expect(page).toHaveTitle(/^Los mejores juegos de 2011/);
  const items = page.locator('.best-of__item');
  await expect(items).toHaveCount(Math.min(list.totalElements, 50));
  for (const [index, game] of list.content.slice(0, 3).entries()) {
    await expect(items.nth(index).locator('.best-of__rank')).toHaveText(`Nº ${index + 1}`);
    await expect(items.nth(index).locator('.best-of__title')).toHaveText(game.title);
    await expect(items.nth(index).locator('.score-badge')).toContainText(formatScore(game.avRatings));
  }
  await page
    .getByRole('navigation', { name: 'Listas del año' })
    .getByRole('link', { name: 'PlayStation 3' })
    .click();
  await expect(page).toHaveURL(/\/mejores\/2011\/ps3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Los mejores juegos de 2011 en PlayStation 3',
  );
  await items.first().locator('.best-of__title').click();
  await expect(page).toHaveURL(/\/game\//);
});

test(
  'la página de un juego dice su puesto en las listas de su año y enlaza a la lista',
  { tag: '@movil' },
  async ({ page, request }) => {
    const game = await getJson<GameDetail>(request, `/api/games/${SKYRIM}`);
    const ranks = await getJson<BestOfRank[]>(request, `/api/games/${SKYRIM}/best-of-ranks`);
    expect(ranks.length).toBeGreaterThan(0);
    const best = ranks[0];
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    const link = page.getByTestId('best-of-rank');
    await expect(link).toContainText(`Nº ${best.rank} de ${best.year}`);
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`/mejores/${best.year}${best.platform ? `/${best.platform}` : ''}$`),
    );
    await expect(
      page
        .locator('.best-of__item')
        .nth(best.rank - 1)
        .locator('.best-of__title'),
    ).toHaveText(game.title);
  },
);

test(
  'la página de un juego muestra sus juegos similares, cada uno con su motivo',
  { tag: '@escritorio' },
  async ({ page, request }) => {
    // The first request asks the worker for the list (never computed on the request); it arrives by the job.
    await expect
      .poll(async () => (await getJson<unknown[]>(request, `/api/games/${SKYRIM}/similar`)).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const similar = await getJson<SimilarGame[]>(request, `/api/games/${SKYRIM}/similar`);
    const game = await getJson<GameDetail>(request, `/api/games/${SKYRIM}`);
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    const section = page.getByRole('list', { name: 'Juegos similares' });
    await section.scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'JUEGOS SIMILARES' })).toBeVisible();
    await expect(section.locator('.similar-games__item')).toHaveCount(similar.length);
    const oblivion = section.locator('.similar-games__item', { hasText: 'The Elder Scrolls IV: Oblivion' });
    await expect(oblivion.locator('.similar-games__reason')).toHaveText('Misma saga');
    await oblivion.getByRole('link', { name: 'The Elder Scrolls IV: Oblivion' }).click();
    await expect(page).toHaveURL(/\/game\/.+\/59$/);
  },
);

// Elden Ring (2022): the most reviewed game of the demo data, its list computed as the catalogue loads.
const ELDEN_RING = 119133;

test('los juegos similares ponen los juegos base primero, marcan los DLC y su motivo no queda bajo la tarjeta siguiente', async ({
  page,
  request,
}) => {
  // Computed as the demo catalogue completes (in the background of a first start), or by the job.
  await expect
    .poll(async () => (await getJson<unknown[]>(request, `/api/games/${ELDEN_RING}/similar`)).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const similar = await getJson<SimilarGame[]>(request, `/api/games/${ELDEN_RING}/similar`);
  const firstAddon = similar.findIndex((card) => card.mark === 'dlc');
  expect(firstAddon).toBeGreaterThan(0);
  expect(similar.slice(firstAddon).every((card) => card.mark === 'dlc')).toBe(true);
  const game = await getJson<GameDetail>(request, `/api/games/${ELDEN_RING}`);
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  const section = page.getByRole('list', { name: 'Juegos similares' });
  await section.scrollIntoViewIfNeeded();
  const items = section.locator('.similar-games__item');
  await expect(items).toHaveCount(similar.length);
  const erdtree = section.locator('.similar-games__item', { hasText: 'Elden Ring: Shadow of the Erdtree' });
  await expect(erdtree.locator('.similar-games__mark')).toHaveText('DLC');
  await expect(items.nth(0).locator('.similar-games__mark')).toHaveCount(0);
  // Every reason line inside its own item, above whatever comes under it.
  const boxes = await items.evaluateAll((elements) =>
    elements.map((item) => {
      const box = item.getBoundingClientRect();
      const reason = item.querySelector('.similar-games__reason')!.getBoundingClientRect();
      const card = item.querySelector('.game-card')!.getBoundingClientRect();
      return {
        left: box.left,
        top: box.top,
        bottom: box.bottom,
        reasonTop: reason.top,
        reasonBottom: reason.bottom,
        cardBottom: card.bottom,
      };
    }),
  );
  for (const [index, box] of boxes.entries()) {
    expect(box.reasonTop).toBeGreaterThanOrEqual(box.cardBottom - 1);
    expect(box.reasonBottom).toBeLessThanOrEqual(box.bottom + 1);
    const below = boxes.find((other, at) => at > index && other.left === box.left && other.top > box.top);
    if (below) expect(box.reasonBottom).toBeLessThanOrEqual(below.top);
  }
});
