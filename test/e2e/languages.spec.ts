import { expect, test } from './support/fixtures.js';
import type { GameDetail } from '@veredicto/contract';
import { getJson, loggedInUser, signInAdminPage } from './support/api.js';

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

test(
  "el filtro 'Con voces en castellano', y un aviso de idiomas enviado y aceptado en la administración",
  { tag: '@escritorio' },
  async ({ page, request }, testInfo) => {
    // The filter: every card of the filtered catalogue has castellano voices.
    await page.goto('/games/all');
    await page.getByRole('button', { name: 'Con voces en castellano' }).click();
    await expect(page).toHaveURL(/spanish=audio/);
    const badges = page.locator('.game-card').getByTestId('spanish-badge');
    await expect(badges.first()).toHaveText('Voces en castellano');
    expect(await page.locator('.game-card').count()).toBe(await badges.count());

    // The same chips on the search results: every game found has castellano voices.
    await page.goto('/results?name=bioshock');
    const filtered = page.waitForResponse((response) =>
      response.url().endsWith('/api/games/search?name=bioshock&spanish=audio'),
    );
    await page.getByRole('button', { name: 'Con voces en castellano' }).click();
    await expect(page).toHaveURL(/spanish=audio/);
    const found = (await (await filtered).json()) as { spanish: { audio: string } }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((card) => card.spanish.audio === 'yes')).toBe(true);
    const foundCards = page.locator('.game-card');
    await expect(foundCards).toHaveCount(found.length);
    await expect(foundCards.getByTestId('spanish-badge')).toHaveCount(found.length);

    // A game whose voices nobody has stated, one per project (page 7 of the best rated: no other test's).
    const listed = await getJson<{ content: { igdbID: number; spanish: { audio: string } }[] }>(
      request,
      '/api/games/all?page=7&size=50&sortBy=avRatings',
    );
    const unknown = listed.content.filter((card) => card.spanish.audio === 'unknown');
    const chosen = unknown[testInfo.project.name === 'movil-375' ? 0 : 1];
    const game = await getJson<GameDetail>(request, `/api/games/${chosen.igdbID}`);

    const user = await loggedInUser(page, request, 'idiomas');
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    await page.getByRole('button', { name: 'Informar sobre los idiomas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Informar sobre los idiomas' });
    const platform = (await dialog.getByLabel('Plataforma').locator('option:checked').textContent()) ?? '';
    await dialog.getByRole('group', { name: '¿Tiene voces en ese idioma?' }).getByLabel('Sí').check();
    await dialog
      .getByRole('textbox', { name: 'Dónde lo has visto (opcional)' })
      .fill('En el menú de opciones.');
    await dialog.getByRole('button', { name: 'Enviar aviso' }).click();
    await expect(dialog.getByText('Gracias: lo revisaremos y te avisaremos por correo.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    await signInAdminPage(page, request);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Avisos de idiomas' }).click();
    const entry = page.locator('.report', { hasText: user.username });
    await expect(entry).toContainText(`${platform} · castellano · voces: sí · textos: no lo sabe`);
    await entry
      .getByRole('textbox', { name: /Motivo de la decisión/ })
      .fill('Comprobado en el menú del juego.');
    await entry.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.locator('.report', { hasText: user.username })).toHaveCount(0);

    // The game's page: castellano voices on that platform, from a player's report, dated today.
    await page.goto(`/game/${game.slug}/${game.igdbID}`);
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
    await expect(
      page
        .locator(`.game-languages [data-platform="${platform}"]`)
        .getByRole('button', { name: 'Voces en castellano' }),
    ).toHaveAttribute('title', `Fuente: Aviso de un jugador, ${today}`);
  },
);
