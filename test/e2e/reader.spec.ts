import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { GameDetail } from '@veredicto/contract';
import {
  createUser,
  DEFAULT_PASSWORD,
  getJson,
  loggedInUser,
  setupClientHeaders,
  signInPage,
} from './support/api.js';
import { mailedLinkFor } from './support/env.js';
import { failRequests, swipe } from './support/ui.js';

/** Seeded games no other browser test touches, one per project (docs/CONTRACT.md §16). */
const GAMES = {
  wishlist: { 'movil-375': 2853, 'escritorio-1440': 1991 }, // Braid, Fez
  review: { 'movil-375': 1352, 'escritorio-1440': 9730 }, // Journey, Firewatch
  login: { 'movil-375': 3029, 'escritorio-1440': 22917 }, // Spelunky, Gris
} as const;
const WITCHER = 1942;

async function gameFor(purpose: keyof typeof GAMES, testInfo: TestInfo, request: APIRequestContext) {
  const id = GAMES[purpose][testInfo.project.name as keyof (typeof GAMES)[typeof purpose]];
  if (!id) throw new Error(`no game for the project ${testInfo.project.name}`);
  return getJson<GameDetail>(request, `/api/games/${id}`);
}

async function openGame(page: Page, game: GameDetail) {
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
}

test(
  'Deseados muestra su estado tras recargar y se quita con un segundo toque',
  { tag: '@escritorio' },
  async ({ page, request }, testInfo) => {
    const game = await gameFor('wishlist', testInfo, request);
    await loggedInUser(page, request);
    await openGame(page, game);

    const wishlist = page.getByRole('button', { name: /Deseados$/ });
    await expect(wishlist).toHaveAttribute('aria-pressed', 'false');
    await expect(wishlist).toHaveText('Deseados');
    await wishlist.click();
    await expect(wishlist).toHaveAttribute('aria-pressed', 'true');
    await expect(wishlist).toHaveText('En Deseados');

    await page.reload();
    await expect(wishlist).toHaveAttribute('aria-pressed', 'true');
    await expect(wishlist).toHaveText('En Deseados');

    await wishlist.click();
    await expect(wishlist).toHaveAttribute('aria-pressed', 'false');
    await expect(
      page.getByRole('status').filter({ hasText: `${game.title} quitado de Deseados` }),
    ).toBeAttached();
    await page.reload();
    await expect(wishlist).toHaveText('Deseados');
    await expect(wishlist).toHaveAttribute('aria-pressed', 'false');
  },
);

test(
  "'Editar tu crítica' abre con tu crítica y guarda los cambios",
  { tag: '@escritorio' },
  async ({ page, request }, testInfo) => {
    const game = await gameFor('review', testInfo, request);
    const user = await loggedInUser(page, request);
    const first =
      'Un viaje breve y hermoso por un desierto que cambia de color con cada paso que das hacia la montaña.';
    const published = await request.post('/api/user/reviews', {
      data: { gameId: game.igdbID, review: first, rating: 90 },
      headers: { Authorization: `Bearer ${user.token}`, ...setupClientHeaders() },
    });
    expect(published.status()).toBe(201);

    await openGame(page, game);
    await expect(page.getByRole('button', { name: 'Añadir crítica' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Editar tu crítica' }).click();
    const modal = page.getByRole('dialog', { name: 'Edita tu crítica' });
    await expect(modal.getByLabel('Tu crítica')).toHaveValue(first);
    await expect(modal.getByLabel('Puntuación (0-100):')).toHaveValue('90');

    const second = `${first} Lo he vuelto a jugar y sigue emocionando igual.`;
    await modal.getByLabel('Tu crítica').fill(second);
    await modal.getByLabel('Puntuación (0-100):').fill('94');
    await modal.getByRole('button', { name: 'Guardar los cambios' }).click();
    await expect(modal).toBeHidden();
    await expect(page.locator('.game-actions').getByTestId('status-toast')).toHaveText(
      'Has actualizado tu crítica.',
    );

    const own = await request.get(`/api/user/reviews/game/${game.igdbID}`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(await own.json()).toMatchObject({ review: second, rating: 94 });
  },
);

test(
  'iniciar sesión desde Puntuar vuelve al juego con la puntuación abierta',
  { tag: '@movil' },
  async ({ page, request }, testInfo) => {
    const game = await gameFor('login', testInfo, request);
    const user = await createUser(request, 'vuelta');
    await openGame(page, game);

    await page.getByRole('button', { name: 'Puntuar', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Inicia sesión para continuar' });
    await login.getByLabel('Usuario').fill(user.username);
    await login.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
    await login.getByRole('button', { name: 'Iniciar sesión' }).click();

    await expect(login).toBeHidden();
    await expect(page.getByRole('dialog', { name: `Puntuar ${game.title}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/game/${game.slug}/${game.igdbID}$`));
  },
);

test(
  'el enlace Iniciar sesión devuelve a la página de la que se vino',
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const user = await createUser(request, 'regreso');
    await page.goto('/news/allNews');
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Usuario').fill(user.username);
    await page.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/news\/allNews$/);
  },
);

test(
  'el enlace de acceso por correo abre la sesión una sola vez',
  { tag: '@movil' },
  async ({ page, request }) => {
    const user = await createUser(request, 'enlace');
    const asked = await request.post('/api/auth/login-link', {
      data: { username: user.username },
      headers: setupClientHeaders(),
    });
    expect(asked.status()).toBe(202);
    const link = await mailedLinkFor(user.email, '/login-link');

    await page.goto(link);
    await expect(page).toHaveURL(/\/user\/reviews$/);
    await expect(page.getByRole('heading', { level: 1, name: 'MIS CRÍTICAS' })).toBeVisible();

    await page.evaluate(() => window.localStorage.removeItem('token'));
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('no es válido');
    await expect(page.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeVisible();
  },
);

test(
  'una sesión caducada lo dice y ofrece volver a entrar',
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const user = await createUser(request, 'caducada');
    await signInPage(page, user.token);
    // The session ends elsewhere (another device's 'Cerrar sesión').
    const ended = await request.post('/api/auth/logout', {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(ended.ok()).toBe(true);
    await page.goto('/news/allNews');
    const banner = page.getByRole('status').filter({ hasText: 'Tu sesión ha caducado.' });
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(
      page.getByText('Tu sesión ha caducado. Inicia sesión de nuevo para continuar.'),
    ).toBeVisible();
  },
);

test('una sesión cuyo perfil no se puede leer no se toma por un visitante', async ({ page, request }) => {
  const user = await createUser(request, 'sinperfil');
  await signInPage(page, user.token);
  const profileCall = await failRequests(page, '**/api/user/me');
  await page.goto('/user/profile');
  const alert = page.getByRole('alert').filter({ hasText: 'No se han podido cargar tus datos de usuario.' });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
  await expect(page.getByText('No se han podido cargar tus datos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();

  profileCall.recover();
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'MI CUENTA' })).toBeVisible();
  await expect(page.getByLabel('Nombre de usuario')).toHaveValue(user.username);
});

/**
 * Opens `path` while the API's `url` fails, checks the page says `message` with 'Reintentar', lets the API
 * answer again and presses it. Returns the alert (gone once the retry worked).
 */
async function retryAfterFailedRead(page: Page, url: string, path: string, message: string) {
  const call = await failRequests(page, url);
  await page.goto(path);
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  call.recover();
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  return alert;
}

test(
  "las noticias y la página de un medio que no cargan ofrecen 'Reintentar'",
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const newsAlert = await retryAfterFailedRead(
      page,
      '**/api/news/all',
      '/news/allNews',
      'Error al obtener las noticias',
    );
    await expect(newsAlert).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'NOTICIAS' })).toBeVisible();

    const outlets = await getJson<{ content: { slug: string; name: string }[] }>(
      request,
      '/api/outlets?size=1',
    );
    const [outlet] = outlets.content;
    await retryAfterFailedRead(
      page,
      `**/api/outlets/${outlet.slug}`,
      `/medios/${outlet.slug}`,
      'No se ha podido cargar el medio.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(outlet.name);
  },
);

test(
  "las páginas de la cuenta que no cargan ofrecen 'Reintentar'",
  { tag: '@movil' },
  async ({ page, request }) => {
    await loggedInUser(page, request, 'sinlistas');
    await retryAfterFailedRead(
      page,
      '**/api/user/reviews',
      '/user/reviews',
      'No se han podido cargar tus críticas.',
    );
    await expect(page.getByText('No tienes críticas todavía.')).toBeVisible();

    const gamesAlert = await retryAfterFailedRead(
      page,
      '**/api/user/games',
      '/user/games',
      'No se han podido cargar tus juegos.',
    );
    await expect(gamesAlert).toHaveCount(0);
    await expect(page.getByText('Aún no tienes juegos en tu diario')).toBeVisible();

    const listsAlert = await retryAfterFailedRead(
      page,
      '**/api/user/gamelist',
      '/user/lists',
      'No se han podido cargar tus listas.',
    );
    await expect(listsAlert).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'MIS LISTAS' })).toBeVisible();

    await retryAfterFailedRead(
      page,
      '**/api/user/feed',
      '/user/activity',
      'No se ha podido cargar la actividad.',
    );
    await expect(page.getByText('Aún no hay actividad')).toBeVisible();

    await retryAfterFailedRead(
      page,
      '**/api/user/notifications',
      '/user/notificaciones',
      'No se han podido cargar los avisos.',
    );
    await expect(page.getByText('Aún no tienes avisos.')).toBeVisible();

    await retryAfterFailedRead(
      page,
      '**/api/user/alerts',
      '/user/avisos',
      'No se han podido cargar tus ajustes de avisos.',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Ajustes de avisos' })).toBeVisible();
  },
);

test(
  "un fallo de la API lo dice con 'Reintentar' y reintentar lo arregla",
  { tag: '@movil' },
  async ({ page }) => {
    const alert = await retryAfterFailedRead(
      page,
      '**/api/games/all**',
      '/games/all',
      'No se ha podido cargar el catálogo de juegos.',
    );
    await expect(page.getByRole('list', { name: 'Juegos' }).getByRole('listitem').first()).toBeVisible();
    await expect(alert).toHaveCount(0);

    await failRequests(page, '**/api/games/search**', 500);
    await page.goto('/results?name=zelda');
    await expect(
      page.getByRole('alert').filter({ hasText: 'No se ha podido completar la búsqueda de «zelda».' }),
    ).toBeVisible();
    await expect(page.getByText(/no hemos encontrado ningún resultado/)).toHaveCount(0);
  },
);

test('volver desde un juego deja el catálogo donde estaba', async ({ page }) => {
  await page.goto('/games/all');
  const target = page.getByRole('list', { name: 'Juegos' }).locator(':scope > li').nth(30);
  await target.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await target.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/games\/all$/);
  await expect(target).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test('el catálogo salta a una página, a la primera y a la última, y filtra por nota de la crítica', async ({
  page,
  request,
}) => {
  const all = await getJson<{ totalPages: number }>(request, '/api/games/all?size=50');
  const scored = await getJson<{ totalPages: number }>(request, '/api/games/all?size=50&scored=true');
  await page.goto('/games/all');
  const pages = page.getByRole('navigation', { name: 'Páginas del catálogo' });
  await expect(pages.getByText(`1 / ${all.totalPages}`)).toBeVisible();
  const games = page.getByRole('list', { name: 'Juegos' }).locator(':scope > li');
  const firstTitle = await games.first().textContent();

  await pages.getByLabel('Ir a la página').fill('40');
  await pages.getByRole('button', { name: 'Ir', exact: true }).click();
  await expect(page).toHaveURL(/\/games\/all\?page=40$/);
  await expect(pages.getByText(`40 / ${all.totalPages}`)).toBeVisible();
  await expect(games.first()).not.toHaveText(firstTitle ?? '');

  await pages.getByRole('button', { name: 'Última página' }).click();
  await expect(pages.getByText(`${all.totalPages} / ${all.totalPages}`)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Anterior' }).click();
  await expect(pages.getByText(`${all.totalPages - 1} / ${all.totalPages}`)).toBeVisible();
  await pages.getByRole('button', { name: 'Primera página' }).click();
  await expect(pages.getByText(`1 / ${all.totalPages}`)).toBeVisible();
  await expect(games.first()).toHaveText(firstTitle ?? '');

  // 'Con nota de la crítica' narrows the list; its total stays the same whatever the order.
  await page.getByRole('button', { name: 'Con nota de la crítica' }).click();
  await expect(pages.getByText(`1 / ${scored.totalPages}`)).toBeVisible();
  await page.getByLabel('Ordenar por').selectOption('avRatings');
  await expect(page).toHaveURL(/scored=true&sortBy=avRatings$/);
  await expect(pages.getByText(`1 / ${scored.totalPages}`)).toBeVisible();
});

test(
  "el catálogo deja fuera los DLC y extras salvo con 'Incluir DLC y extras'",
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const games = await getJson<{ totalElements: number; totalPages: number }>(
      request,
      '/api/games/all?size=50',
    );
    const withAddons = await getJson<{ totalElements: number; totalPages: number }>(
      request,
      '/api/games/all?size=50&addons=true',
    );
    expect(withAddons.totalElements).toBeGreaterThan(games.totalElements);
    await page.goto('/games/all?page=2');
    const pages = page.getByRole('navigation', { name: 'Páginas del catálogo' });
    await expect(pages.getByText(`2 / ${games.totalPages}`)).toBeVisible();
    const chip = page.getByRole('button', { name: 'Incluir DLC y extras' });
    // Beside the adult filter, in the same row of chips, and whole on the screen.
    const row = page.getByRole('list', { name: 'Idioma y notas' });
    await expect(row.getByRole('button', { name: 'Incluir juegos para adultos' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Incluir DLC y extras' })).toBeVisible();
    await chip.scrollIntoViewIfNeeded();
    await expect(chip).toBeInViewport({ ratio: 1 });
    await expect(chip).toHaveAttribute('aria-pressed', 'false');

    // On: back to the first page, the add-ons counted, the same total in every order.
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/games\/all\?addons=true$/);
    await expect(pages.getByText(`1 / ${withAddons.totalPages}`)).toBeVisible();
    await page.getByLabel('Ordenar por').selectOption('avUserRatings');
    await expect(page).toHaveURL(/addons=true&sortBy=avUserRatings$/);
    await expect(pages.getByText(`1 / ${withAddons.totalPages}`)).toBeVisible();

    // Off again: the games alone.
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/\/games\/all\?sortBy=avUserRatings$/);
    await expect(pages.getByText(`1 / ${games.totalPages}`)).toBeVisible();
  },
);

test(
  "la sección de la crítica filtra por 'Prensa en español' y por nota",
  { tag: '@movil' },
  async ({ page, request }) => {
    const game = await getJson<GameDetail>(request, `/api/games/${WITCHER}`);
    const reviews = await getJson<
      { medium: string; outletLanguage?: string | null; rating: number | null }[]
    >(request, `/api/games/reviews/pro/${WITCHER}`);
    const outlets = new Set(reviews.map((review) => review.medium.trim().toLowerCase()));
    // An outlet's one voice is the mean of its scores on every platform.
    const scores = new Map<string, number[]>();
    for (const review of reviews) {
      const key = review.medium.trim().toLowerCase();
      if (review.rating !== null) scores.set(key, [...(scores.get(key) ?? []), review.rating]);
    }
    const high = [...scores.values()].filter(
      (list) => Math.round(list.reduce((sum, score) => sum + score, 0) / list.length) >= 85,
    ).length;
    expect(high).toBeGreaterThan(0);
    const spanish = new Set(
      reviews
        .filter((review) => review.outletLanguage === 'es')
        .map((review) => review.medium.trim().toLowerCase()),
    );
    expect(spanish.size).toBeGreaterThan(0);
    expect(spanish.size).toBeLessThan(outlets.size);
    await openGame(page, game);
    const filters = page.getByRole('group', { name: 'Filtrar críticas de medios' });
    await expect(filters.getByText(`${outlets.size} medios`)).toBeVisible();
    await filters.getByRole('button', { name: 'Prensa en español' }).click();
    await expect(filters.getByText(`${spanish.size} de ${outlets.size} medios`)).toBeVisible();
    await expect(page.getByTestId('media-review-card')).toHaveCount(Math.min(spanish.size, 12));
    await filters.getByRole('button', { name: 'Prensa en español' }).click();
    await filters.getByLabel('Nota').selectOption({ label: 'Altas (85 o más)' });
    await expect(filters.getByText(`${high} de ${outlets.size} medios`)).toBeVisible();
    await expect(page.getByTestId('media-review-card')).toHaveCount(Math.min(high, 12));
  },
);

test('el visor de imágenes pasa a la siguiente y a la anterior', async ({ page, request }, testInfo) => {
  const game = await getJson<GameDetail>(request, `/api/games/${WITCHER}`);
  expect(game.screenshots.length).toBeGreaterThan(2);
  await openGame(page, game);
  const images = page.getByRole('region', { name: 'IMÁGENES' });
  await images.getByRole('button', { name: `Captura 1 de ${game.title}`, exact: true }).click();
  const viewer = page.getByRole('dialog', { name: `Captura 1 de ${game.title}` });
  await expect(viewer.getByText(`1 / ${game.screenshots.length}`)).toBeVisible();

  await viewer.getByRole('button', { name: 'Imagen siguiente' }).click();
  const second = page.getByRole('dialog', { name: `Captura 2 de ${game.title}` });
  await expect(second.getByRole('img')).toHaveAttribute('src', game.bigScreenshots[1]);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: `Captura 1 de ${game.title}` })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  const last = game.screenshots.length;
  await expect(page.getByRole('dialog', { name: `Captura ${last} de ${game.title}` })).toBeVisible();

  if (testInfo.project.name === 'movil-375') {
    // A swipe to the left shows the next image.
    const open = page.getByRole('dialog', { name: `Captura ${last} de ${game.title}` });
    await swipe(page, open.getByRole('img'), -160);
    await expect(page.getByRole('dialog', { name: `Captura 1 de ${game.title}` })).toBeVisible();
  }
});

test('Política de privacidad: enlazada desde el registro y el pie', { tag: '@movil' }, async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('link', { name: 'Política de privacidad' }).first().click();
  await expect(page).toHaveURL(/\/politica-de-privacidad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(page).toHaveTitle('Política de privacidad | Veredicto');
  await expect(page.getByRole('heading', { name: 'Tus derechos' })).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }),
  ).toHaveAttribute('href', '/politica-de-privacidad');
});

// Only on the 375 px screen (the project 'movil-375' runs the @movil tests, the other leaves them out).
test.describe('en el móvil', { tag: '@movil' }, () => {
  test('el buscador superpuesto muestra sus sugerencias', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir búsqueda' }).click();
    const overlay = page.getByRole('dialog', { name: 'Buscar juegos' });
    await overlay.getByRole('combobox').fill('zelda');
    const options = overlay.getByRole('option');
    await expect(options.nth(4)).toBeVisible();
    for (let index = 0; index < 5; index += 1) await expect(options.nth(index)).toBeInViewport();
  });

  test('los controles táctiles miden al menos 44 px', async ({ page, request }, testInfo) => {
    const game = await gameFor('login', testInfo, request);
    await loggedInUser(page, request);
    await openGame(page, game);
    const hint = page.getByRole('button', { name: /^Qué significa / }).first();
    const hintBox = await hint.boundingBox();
    expect(Math.min(hintBox?.width ?? 0, hintBox?.height ?? 0)).toBeGreaterThanOrEqual(44);

    await page.getByRole('button', { name: 'Puntuar', exact: true }).click();
    const slider = page.getByRole('slider', { name: 'Tu puntuación (0-100)' });
    const box = await slider.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThan(250);
  });
});
