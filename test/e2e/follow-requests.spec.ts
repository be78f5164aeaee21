import { expect, test } from './support/fixtures.js';
import { createUser, loggedInUser, setupClientHeaders, signInPage } from './support/api.js';

// The Elder Scrolls V: Skyrim, in the demo catalogue.
const SKYRIM = 472;

test('pide seguir un perfil solo para seguidores, su dueño lo aprueba y entonces lo ve', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const owner = await createUser(request, 'reservada');
  const headers = { ...setupClientHeaders(), Authorization: `Bearer ${owner.token}` };
  expect(
    (await request.post('/api/user/rating', { data: { gameId: SKYRIM, score: 91 }, headers })).status(),
  ).toBe(200);
  expect((await request.put('/api/user/privacy', { data: { profile: 'followers' }, headers })).status()).toBe(
    200,
  );

  // The reader sees what a stranger sees, and asks.
  const reader = await loggedInUser(page, request, 'curioso');
  await page.goto(`/u/${owner.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perfil no encontrado');
  await page.getByRole('button', { name: 'Solicitar seguimiento' }).click();
  await expect(page.getByTestId('follow-request-sent')).toContainText('Solicitud enviada');
  await page.reload();
  await expect(page.getByTestId('follow-request-sent')).toContainText('Solicitud enviada');

  // The owner approves it from their own profile, in a window of their own.
  const { baseURL, viewport, locale, isMobile, hasTouch } = testInfo.project.use;
  const ownerContext = await browser.newContext({ baseURL, viewport, locale, isMobile, hasTouch });
  try {
    const ownerPage = await ownerContext.newPage();
    await signInPage(ownerPage, owner.token);
    await ownerPage.goto(`/u/${owner.username}`);
    const requests = ownerPage.getByTestId('follow-requests');
    await expect(requests).toContainText(reader.username);
    await requests.getByRole('button', { name: 'Aprobar' }).click();
    const dialog = ownerPage.getByRole('alertdialog');
    await expect(dialog).toContainText(`¿Aprobar a ${reader.username}?`);
    await dialog.getByRole('button', { name: 'Aprobar' }).click();
    await expect(ownerPage.getByTestId('followers')).toContainText(reader.username);
    await expect(ownerPage.getByText('No tienes solicitudes pendientes.')).toBeVisible();
  } finally {
    await ownerContext.close();
  }

  // Approved, the reader reads the profile.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(owner.username);
  await expect(page.getByTestId('profile-counts')).toContainText('Puntuaciones: 1');
  await expect(page.getByRole('button', { name: 'Dejar de seguir' })).toBeVisible();
});
