import { expect, test } from './support/fixtures.js';
import type { Outlet, OutletReviewPage, Page } from '@veredicto/contract';
import { formatDate, getJson, loggedInUser } from './support/api.js';

test('la lista de medios se filtra por país y lleva a la página de un medio con su gráfico', async ({
  page,
  request,
}) => {
  const spanish = await getJson<Page<Outlet>>(request, '/api/outlets?country=ES&size=100');
  expect(spanish.totalElements).toBeGreaterThan(0);

  await page.goto('/medios');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medios');
  await page.getByLabel('País').selectOption('ES');
  await expect(page).toHaveURL(/country=ES/);
  await expect(page.locator('.outlet-list__item')).toHaveCount(Math.min(spanish.totalElements, 50));
  await expect(page.locator('.outlet-list__origin').first()).toContainText('España');

  const [first] = spanish.content;
  await page.getByRole('link', { name: first.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
  await expect(page).toHaveTitle(new RegExp(`^${first.name}`));
});

test('la página de un medio muestra su desviación, su intervalo, el gráfico y sus críticas paginadas', async ({
  page,
  request,
}) => {
  const [outlet] = (await getJson<Page<Outlet>>(request, '/api/outlets?size=1')).content;
  expect(outlet.deviation.mean).not.toBeNull();
  const reviews = await getJson<OutletReviewPage>(
    request,
    `/api/outlets/${outlet.slug}/reviews?page=0&size=20`,
  );
  const second = await getJson<OutletReviewPage>(
    request,
    `/api/outlets/${outlet.slug}/reviews?page=1&size=20`,
  );

  await page.goto(`/medios/${outlet.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(outlet.name);
  const figure = page.locator('.outlet-deviation__figure');
  await expect(figure).toContainText(`en ${outlet.deviation.games} juegos`);
  await expect(figure).toContainText('intervalo del 95 %');

  // The chart: one bar per 5-point bin, from -50 to +50, and the mean drawn over it.
  const chart = page.getByRole('img', { name: /^Diferencias con el consenso/ });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('[data-bin]')).toHaveCount(20);
  await expect(chart.locator('.deviation-chart__mean')).toHaveCount(1);
  const box = await chart.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect((box?.width ?? 0) <= (page.viewportSize()?.width ?? 0)).toBe(true);

  await expect(page.getByRole('heading', { name: 'Sus notas más generosas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sus notas más duras' })).toBeVisible();

  const items = page.locator('.outlet-reviews__list li');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText(reviews.content[0].title);
  await expect(items.first().locator('.outlet-reviews__date')).toHaveText(
    formatDate(reviews.content[0].date),
  );
  await page
    .getByRole('navigation', { name: 'Páginas de críticas' })
    .getByRole('button', { name: 'Siguiente' })
    .click();
  await expect(items.first()).toContainText(second.content[0].title);

  await expect(page.getByText('Inicia sesión')).toBeVisible();
});

test(
  'un usuario con sesión ve cómo coinciden sus notas con las del medio',
  { tag: '@movil' },
  async ({ page, request }) => {
    const [outlet] = (await getJson<Page<Outlet>>(request, '/api/outlets?size=1')).content;
    await loggedInUser(page, request, 'medios');
    await page.goto(`/medios/${outlet.slug}`);
    await expect(page.getByRole('heading', { name: `¿Coincides con ${outlet.name}?` })).toBeVisible();
    await expect(
      page.getByText(`Aún no has puntuado ningún juego que ${outlet.name} haya puntuado.`),
    ).toBeVisible();
  },
);
