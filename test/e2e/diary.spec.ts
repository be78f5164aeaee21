import { expect, test } from './support/fixtures.js';
import type { GameDetail } from '@veredicto/contract';
import { createUser, getJson, loggedInUser, setupClientHeaders } from './support/api.js';

// The Elder Scrolls V: Skyrim, in the demo catalogue.
const SKYRIM = 472;

test('pone un estado desde la página del juego, registra una sesión y lo ve en su perfil', async ({
  page,
  request,
}, testInfo) => {
  const game = await getJson<GameDetail>(request, `/api/games/${SKYRIM}`);
  const user = await loggedInUser(page, request, 'diario');
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);

  const bar = page.getByTestId('diary-bar');
  const status = bar.getByLabel('Estado');
  await expect(status).toBeEnabled();
  if (testInfo.project.name === 'movil-375') {
    // On a phone the control sits at the bottom of the screen, within reach of the thumb, without scrolling.
    const box = await bar.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y + box.height).toBeGreaterThan((viewport?.height ?? 0) - 4);
    expect(box && viewport && box.y + box.height).toBeLessThanOrEqual((viewport?.height ?? 0) + 1);
  }
  await status.selectOption({ label: 'Jugando' });
  await expect(bar.getByTestId('diary-hours')).toHaveText('0 h');

  await bar.getByRole('button', { name: 'Registrar sesión' }).click();
  const dialog = page.getByRole('dialog', { name: `Registrar sesión de ${game.title}` });
  await dialog.getByLabel('Horas').fill('1');
  await dialog.getByLabel('Minutos').fill('30');
  await dialog.getByLabel('Nota').fill('Primera tarde en Carrera Blanca');
  await dialog.getByRole('button', { name: 'Guardar sesión' }).click();
  await expect(dialog).toBeHidden();
  await expect(bar.getByTestId('diary-hours')).toHaveText('1,5 h');
  await expect(page.getByTestId('play-session')).toContainText('Primera tarde en Carrera Blanca');

  await page.goto('/user/games');
  await expect(page.getByRole('heading', { name: 'Jugando (1)' })).toBeVisible();
  await expect(page.getByTestId('my-game')).toContainText(game.title);

  await page.goto(`/u/${user.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(user.username);
  await expect(page.getByTestId('profile-counts')).toContainText('Jugando: 1');
  await expect(page.getByTestId('profile-hours')).toHaveText('1,5 h');

  // 'Tu año': completed today on PC and rated, it shows in this year's page and in its picture.
  const today = new Date().toISOString().slice(0, 10);
  const year = today.slice(0, 4);
  const headers = { ...setupClientHeaders(), Authorization: `Bearer ${user.token}` };
  const completed = await request.put(`/api/user/games/${SKYRIM}/status`, {
    data: { status: 'completed', platform: 'PC', finishedAt: today },
    headers,
  });
  expect(completed.status()).toBe(200);
  const rated = await request.post('/api/user/rating', { data: { gameId: SKYRIM, score: 88 }, headers });
  expect(rated.status()).toBe(200);
  await page.reload();
  await page.getByRole('link', { name: `Tu año ${year}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tu año ${year}`);
  await expect(page.getByTestId('year-completed')).toContainText(game.title);
  await expect(page.getByTestId('year-hours')).toHaveText('1,5 h');
  await expect(page.getByTestId('year-best')).toContainText(`88${game.title}`);
  await expect(page.getByTestId('year-platforms')).toContainText('PC1 juego');
  const picture = page.getByRole('img', { name: new RegExp(`^Resumen de ${year} de ${user.username}`) });
  await expect(picture).toBeVisible();
  // Drawn on the server on first request: it may still be on its way when the element shows.
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1200);
  const head = await (await request.get(`/u/${user.username}/${year}`)).text();
  const ogImage = /<meta property="og:image" content="([^"]+)">/.exec(head)?.[1] ?? '';
  expect(ogImage).toContain(`/api/users/${user.username}/year/${year}/image.png`);
  const png = await request.get(new URL(ogImage).pathname);
  expect([png.status(), png.headers()['content-type']]).toEqual([200, 'image/png']);
});

test('sigue a alguien y ve su puntuación en Actividad', { tag: '@escritorio' }, async ({ page, request }) => {
  const game = await getJson<GameDetail>(request, `/api/games/${SKYRIM}`);
  const friend = await createUser(request, 'amigo');
  const score = 60 + Math.floor(Math.random() * 40);
  const rated = await request.post('/api/user/rating', {
    data: { gameId: SKYRIM, score },
    headers: { ...setupClientHeaders(), Authorization: `Bearer ${friend.token}` },
  });
  expect(rated.status()).toBe(200);

  await loggedInUser(page, request, 'lector');
  await page.goto(`/u/${friend.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(friend.username);
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Dejar de seguir' })).toBeVisible();

  await page.goto('/user/activity');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actividad');
  const item = page.getByTestId('feed-item').first();
  await expect(item).toContainText(friend.username);
  await expect(item).toContainText(`ha puntuado con ${score}`);
  await expect(item).toContainText(game.title);
});
