import { expect, test } from '@playwright/test';
import { getJson, type GameDetail } from './support/api.js';

const ELDEN_RING = 119133;
const BIOSHOCK = 20;

test("la ficha muestra el bloque 'Idiomas' por plataforma, con la fuente y su fecha al tocar", async ({
  page,
  request,
}) => {
  const game = await getJson<GameDetail>(request, `/api/games/${ELDEN_RING}`);
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  const block = page.locator('.game-languages');
  await expect(page.getByRole('heading', { name: 'IDIOMAS' })).toBeVisible();
  const pc = block.locator('[data-platform="PC"]');
  const texts = pc.getByRole('button', { name: 'Textos en castellano' });
  await expect(texts).toBeVisible();
  await expect(texts).toHaveAttribute('title', 'Fuente: Steam, 10-2024');
  await expect(pc.getByRole('button', { name: 'Textos en español latino' })).toBeVisible();
  await expect(pc.getByRole('button', { name: 'Voces en castellano' })).toHaveCount(0);
  await texts.click();
  await expect(pc.getByText('Fuente: Steam, 10-2024')).toBeVisible();
  // The console versions: nothing is known, and the page says so instead of 'no'.
  await expect(block.locator('[data-platform="PlayStation 5"]')).toHaveText(/Sin datos/);
});

test('las tarjetas llevan la insignia de voces en castellano', async ({ page, request }) => {
  const game = await getJson<GameDetail>(request, `/api/games/${BIOSHOCK}`);
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await expect(
    page.locator('.game-languages [data-platform="PC"]').getByRole('button', { name: 'Voces en castellano' }),
  ).toBeVisible();
  await page.goto('/results?name=bioshock');
  const card = page.locator('.game-card', { has: page.getByRole('link', { name: 'BioShock', exact: true }) });
  await expect(card.getByTestId('spanish-badge')).toHaveText('Voces en castellano');
});
