import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { cardTitles, gameCards } from './support/ui.js';

/** The search box of the header (desktop) or of the search overlay (phone). */
async function searchBox(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByRole('banner').getByRole('combobox', { name: 'Buscar juegos' });
  await page.getByRole('button', { name: 'Abrir búsqueda' }).click();
  return page.getByRole('dialog', { name: 'Buscar juegos' }).getByRole('combobox', { name: 'Buscar juegos' });
}

test.describe('búsqueda: sugerencias, recuento, más resultados y «¿Quizás buscabas…?»', () => {
  test('sugiere juegos mientras se escribe y se eligen con el teclado', async ({ page, isMobile }) => {
    await page.goto('/');
    const box = await searchBox(page, isMobile);
    await box.pressSequentially('botw', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Sugerencias' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = list.getByRole('option');
    await expect(options.first()).toContainText('The Legend of Zelda: Breath of the Wild');
    // Cover, title and the year with the platforms that tell same-name games apart.
    await expect(options.first()).toContainText('2017 · Nintendo Switch');
    expect(await options.count()).toBeLessThanOrEqual(8);
    const box1 = await list.boundingBox();
    const viewport = page.viewportSize();
    expect((box1?.x ?? -1) >= 0 && (box1?.x ?? 0) + (box1?.width ?? 0) <= (viewport?.width ?? 0)).toBe(true);

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/game\/the-legend-of-zelda-breath-of-the-wild\/7346$/);
  });

  test("'spiderman 2' sugiere Marvel's Spider-Man 2 entre los tres primeros, sin el «Marvel's» escrito", async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const box = await searchBox(page, isMobile);
    await box.pressSequentially('spiderman 2', { delay: 40 });
    const options = page.getByRole('listbox', { name: 'Sugerencias' }).getByRole('option');
    // The suggestions of the whole query (those of 'spiderman' may show first, while it is typed).
    await expect
      .poll(async () =>
        (await options.allTextContents())
          .slice(0, 3)
          .some((text) => text.includes("Marvel's Spider-Man 2") && text.includes('2023')),
      )
      .toBe(true);
    await page.screenshot({ path: test.info().outputPath('spiderman-2.png') });
  });

  test(
    'muestra el término y el número de resultados y carga más a petición',
    { tag: '@escritorio' },
    async ({ page, request }) => {
      const answer = await request.get('/api/games/search?name=mario');
      const total = Number(answer.headers()['x-total-count']);
      expect(total).toBeGreaterThan(40);
      await page.goto('/results?name=mario');
      await expect(page.getByRole('heading', { level: 1, name: 'RESULTADOS' })).toBeVisible();
      await expect(page.getByText(`${total.toLocaleString('es-ES')} resultados para «mario»`)).toBeVisible();
      const results = page.getByRole('list', { name: 'Resultados para mario' });
      await expect(gameCards(results)).toHaveCount(20);
      await page.getByRole('button', { name: 'Ver más resultados' }).click();
      await expect(gameCards(results)).toHaveCount(40);
      const titles = await cardTitles(results).allTextContents();
      expect(new Set(titles.map((title, index) => `${title}#${index}`)).size).toBe(40);
    },
  );

  test('sin resultados propone el título más parecido', { tag: '@movil' }, async ({ page }) => {
    await page.goto('/results?name=hollwo%20kniht');
    await expect(
      page.getByText('Lo sentimos, no hemos encontrado ningún resultado para: "hollwo kniht"', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByText(/¿Quizás buscabas/)).toBeVisible();
    await page.getByRole('link', { name: 'Hollow Knight', exact: true }).click();
    await expect(page).toHaveURL(/\/results\?name=Hollow(%20|\+)Knight$/);
    await expect(
      cardTitles(page.getByRole('list', { name: 'Resultados para Hollow Knight' })).first(),
    ).toHaveText('Hollow Knight');
  });
});
