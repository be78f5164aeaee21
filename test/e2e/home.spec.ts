import { expect, test } from './support/fixtures.js';

test('la portada muestra juegos del catálogo sembrado', async ({ page, request }) => {
  const latest = await (await request.get('/api/games/last')).json();
  expect(latest.length).toBeGreaterThan(0);

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Veredicto/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Juegos' }).first()).toBeAttached();
  // A real game of the latest-releases carousel is on the page.
  await expect(page.getByText(latest[0].title).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('@');
});

test('la página de un juego llega con su título, descripción y enlace canónico en el HTML', async ({
  request,
}) => {
  const html = await (await request.get('/game/elden-ring/119133')).text();
  expect(html).toContain('<title>Críticas de Elden Ring | Veredicto</title>');
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
  expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:');
  expect(html).toContain('property="og:title"');
});
