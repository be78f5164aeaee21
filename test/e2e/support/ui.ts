import { expect, type Locator, type Page } from '@playwright/test';

/** The carousel region named after its section heading (e.g. 'ÚLTIMOS LANZAMIENTOS'). */
export function carousel(page: Page, name: string): Locator {
  return page
    .locator('[aria-roledescription="carrusel"]')
    .and(page.getByRole('region', { name, exact: true }));
}

/** The carousel's slides ('1 de 12', ...). */
export function slides(region: Locator): Locator {
  return region.locator('[aria-roledescription="diapositiva"]');
}

/** The slide shown in the middle on small screens. */
export function activeSlide(region: Locator): Locator {
  return region.locator('[aria-roledescription="diapositiva"][data-position="active"]');
}

/**
 * A real horizontal touch swipe over `target` (Chromium's touch input through the DevTools protocol):
 * touchStart, a few touchMoves and touchEnd, `distance` px to the right (negative: to the left).
 */
export async function swipe(page: Page, target: Locator, distance: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + box.height / 2;
  const startX = box.x + box.width / 2 - distance / 2;
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: startX, y }] });
    const steps = 5;
    for (let step = 1; step <= steps; step += 1) {
      await session.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: startX + (distance * step) / steps, y }],
      });
    }
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await session.detach();
  }
}

/** A score bar ('Medios', 'Jugadores') of the game page. */
export function scoreBar(page: Page, label: 'Medios' | 'Prensa en español' | 'Jugadores'): Locator {
  return page
    .locator('.score-bar')
    .filter({ has: page.locator('.score-bar__label', { hasText: new RegExp(`^${label}$`) }) });
}

/** The cards of a game grid (catalogue, search results). */
export function gameCards(grid: Locator): Locator {
  return grid.getByRole('listitem').filter({ has: grid.page().getByRole('article') });
}

/** The title links of a game grid's cards, in order. */
export function cardTitles(grid: Locator): Locator {
  return grid.getByRole('heading', { level: 3 });
}

/** Opens /admin and answers the 'Ingresa tu contraseña' prompt with `password`. */
export async function enterAdmin(page: Page, password: string): Promise<void> {
  await page.goto('/admin');
  const prompt = page.getByRole('dialog', { name: 'Ingresa tu contraseña' });
  await expect(prompt.getByLabel('Contraseña')).toBeFocused();
  await prompt.getByLabel('Contraseña').fill(password);
  await prompt.getByRole('button', { name: 'Entrar' }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('button', { name: 'Añadir', exact: true })).toBeVisible();
}

/** Opens /admin with the console already unlocked (see signInAdminPage). */
export async function openAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Añadir', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Ingresa tu contraseña' })).toHaveCount(0);
}

/** Opens a collapsed admin section or panel by its toggle ('Añadir' / 'Añadir Noticia', ...). */
export async function openAdminPanel(page: Page, ...titles: string[]): Promise<void> {
  for (const title of titles) {
    const toggle = page.getByRole('button', { name: title, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
}

/** Slug of a title, as the product builds them (spec: Slug rules). */
export { bestGamesTitle, slugify } from '@veredicto/contract';

/**
 * Requests matching `url` answer `status` (the API's JSON error) until `recover()`; then they reach the
 * API again. What a 503 from a proxy or a restarting API looks like to the browser.
 */
export async function failRequests(page: Page, url: string, status = 503): Promise<{ recover(): void }> {
  let failing = true;
  await page.route(url, (route) =>
    failing
      ? route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: status }),
        })
      : route.continue(),
  );
  return {
    recover: () => {
      failing = false;
    },
  };
}
