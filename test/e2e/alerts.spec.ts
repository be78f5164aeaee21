import { expect, test } from './support/fixtures.js';
import type { GameDetail } from '@veredicto/contract';
import { adminToken, getJson, loggedInUser, setupClientHeaders } from './support/api.js';

// Fallout Tactics: Brotherhood of Steel (2001), in the demo catalogue; no other browser test writes to it.
// Its date moves within 2001, so no upcoming-releases list of another test changes.
const FALLOUT_TACTICS = 17;

test('sigue un juego, el operador cambia su fecha, la campana marca 1 y el aviso abre el juego', async ({
  page,
  request,
}) => {
  const game = await getJson<GameDetail>(request, `/api/games/${FALLOUT_TACTICS}`);
  await loggedInUser(page, request, 'avisos');
  await page.goto(`/game/${game.slug}/${game.igdbID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
  const status = page.getByTestId('diary-bar').getByLabel('Estado');
  await expect(status).toBeEnabled();
  await status.selectOption({ label: 'Quiero jugarlo' });
  await expect(status).toHaveValue('want');

  // The operator moves the date to another day of 2001 (each run a different one than the game has now).
  const day = 1 + Math.floor(Math.random() * 27);
  const current = (await getJson<GameDetail>(request, `/api/games/${FALLOUT_TACTICS}`)).releaseDate;
  const releaseDate = `2001-04-${String(current === `2001-04-${String(day).padStart(2, '0')}` ? day + 1 : day).padStart(2, '0')}`;
  const edited = await request.patch(`/api/admin/games/${FALLOUT_TACTICS}`, {
    data: { releaseDate, releaseDatePrecision: 'day' },
    headers: { ...setupClientHeaders(), Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(edited.status()).toBe(200);

  // The fan-out runs in the workers; the bell asks again on each page load.
  const bell = page.getByRole('link', { name: /^Avisos/ });
  await expect(async () => {
    await page.reload();
    await expect(bell.getByTestId('bell-count')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
  const spanishDay = releaseDate.split('-').reverse().join('-');
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(game.title);
  await expect(notification).toContainText(`→ ${spanishDay}`);
  await notification.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/game/${game.slug}/${game.igdbID}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
  await expect(bell.getByTestId('bell-count')).toHaveCount(0);

  // The settings page: daily digest and 'Mis plataformas', saved and shown again after a reload.
  await page.goto('/user/avisos');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajustes de avisos' })).toBeVisible();
  await page.getByLabel('Un resumen diario').check();
  await page.getByRole('checkbox', { name: 'PlayStation 5' }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status')).toHaveText('Ajustes guardados.');
  await page.reload();
  await expect(page.getByLabel('Un resumen diario')).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'PlayStation 5' })).toBeChecked();
  await expect(page.getByTestId('calendar-url')).toContainText('/api/user/calendar.ics?token=');
});
