import { expect, test } from './support/fixtures.js';
import {
  collectDialogs,
  createUser,
  DEFAULT_PASSWORD,
  setupClientHeaders,
  signInPage,
  uniqueName,
} from './support/api.js';
import { confirmationLinkFor } from './support/env.js';

test('registro con validación, confirmación por e-mail, inicio de sesión, menú de la cuenta y cierre de sesión', async ({
  page,
  request,
}) => {
  const username = uniqueName('nuevo');
  const email = `${username}@example.com`;

  await page.goto('/');
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
  await page.getByRole('link', { name: 'Registrar' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Registro | Veredicto');
  await expect(page.getByRole('heading', { level: 1, name: 'Hazte crítico' })).toBeVisible();

  const form = page.getByRole('main');
  const submit = form.getByRole('button', { name: 'Registrar' });
  await form.getByLabel('Email').fill('critico-sin-arroba.example.com');
  await form.getByLabel('Usuario').fill(username);
  await form.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Debes ingresar un email válido.');
  await expect(page).toHaveURL(/\/register$/);

  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Contraseña').fill('corta');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('La contraseña debe tener al menos 8 caracteres.');

  await form.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(
    page.getByText('Se ha enviado un email de confirmación a tu correo electrónico'),
  ).toBeVisible();

  // Not confirmed yet: the login says so.
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Debes confirmar tu correo electrónico antes de iniciar sesión.',
  );

  // A lost or expired first link is not a dead end: the login offers a new one, which replaces it.
  const firstLink = await confirmationLinkFor(email);
  await page.getByRole('main').getByRole('button', { name: 'Reenviar el enlace de confirmación' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Te hemos enviado un nuevo enlace de confirmación a tu correo electrónico.',
  );
  await expect(page.getByRole('button', { name: 'Reenviar el enlace de confirmación' })).toHaveCount(0);
  await expect.poll(() => confirmationLinkFor(email)).not.toBe(firstLink);

  // The link of the newest e-mail in the outbox confirms the account, once; the replaced one does not.
  const link = await confirmationLinkFor(email);
  expect(new URL(link).pathname).toBe('/confirm');
  await page.goto(link);
  await expect(page.getByText('Tu cuenta ha sido confirmada. Ya puedes iniciar sesión.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('El enlace de confirmación no es válido o ha caducado.');
  await page.goto(firstLink);
  await expect(page.getByRole('alert')).toHaveText('El enlace de confirmación no es válido o ha caducado.');

  await page.goto('/login');
  await expect(page).toHaveTitle('Iniciar sesión | Veredicto');
  await expect(page.getByRole('link', { name: 'Hazte crítico' })).toHaveAttribute('href', '/register');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill('otra-contraseña-mala');
  await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
  const error = page.getByRole('alert');
  await expect(error).toHaveText('Credenciales inválidas');
  await expect(error).toHaveClass(/form-error/);

  await page.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/user\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MIS CRÍTICAS' })).toBeVisible();
  await expect(page.getByText('No tienes críticas todavía.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

  // A logged-in user who opens /login goes to their reviews.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user\/reviews$/);

  const menuButton = page.getByRole('button', { name: 'Menú de la cuenta' });
  await menuButton.click();
  await expect(page.getByText(`Hola, ${username}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Mis listas' }).click();
  await expect(page).toHaveURL(/\/user\/lists$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MIS LISTAS' })).toBeVisible();

  await menuButton.click();
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('Nombre de usuario')).toHaveValue(username);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await menuButton.click();
  await page.getByRole('link', { name: 'Mis críticas' }).click();
  await expect(page).toHaveURL(/\/user\/reviews$/);

  const sessionToken = await page.evaluate(() => window.localStorage.getItem('token'));
  await menuButton.click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // The session has ended on the server too: its token is refused even if someone kept a copy.
  await expect
    .poll(async () =>
      (await request.get('/api/user/me', { headers: { Authorization: `Bearer ${sessionToken}` } })).status(),
    )
    .toBe(401);
  await menuButton.click();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText(`Hola, ${username}`)).toBeHidden();

  // The account pages send a visitor to the login.
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test(
  'perfil: cambiar el nombre de usuario y eliminar la cuenta',
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const user = await createUser(request, 'perfil');
    await signInPage(page, user.token);
    const alerts = collectDialogs(page);

    await page.goto('/user/profile');
    await expect(page).toHaveTitle('Mi cuenta | Veredicto');
    await expect(page.getByRole('heading', { level: 1, name: 'MI CUENTA' })).toBeVisible();
    const usernameField = page.getByLabel('Nombre de usuario');
    await expect(usernameField).toHaveValue(user.username);
    await expect(page.getByLabel('Email')).toHaveValue(user.email);

    const newUsername = uniqueName('renombrado');
    await usernameField.fill(newUsername);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const saveDialog = page.getByRole('alertdialog', { name: 'Guardar cambios' });
    await expect(saveDialog).toContainText('¿Quieres guardar los cambios de tu perfil?');
    // Cancelar keeps everything as it was.
    await saveDialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(saveDialog).toBeHidden();
    expect(alerts).toEqual([]);

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await saveDialog.getByRole('button', { name: 'Sí' }).click();
    // An in-page message, not a native alert (the spec asks for none here).
    await expect(page.getByRole('status').filter({ hasText: 'Perfil actualizado con éxito' })).toBeVisible();
    expect(alerts).toEqual([]);
    await expect(saveDialog).toBeHidden();
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await expect(page.getByText(`Hola, ${newUsername}`)).toBeVisible();
    // The change is stored: it is still there after a reload, and the new name logs in.
    await page.reload();
    await expect(page.getByLabel('Nombre de usuario')).toHaveValue(newUsername);
    const login = await request.post('/api/auth/login', {
      data: { username: newUsername, password: user.password },
      headers: setupClientHeaders(),
    });
    expect(login.status()).toBe(200);

    await page.getByRole('button', { name: 'Eliminar cuenta' }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Eliminar cuenta' });
    await expect(deleteDialog).toContainText('¿Seguro que quieres eliminar tu cuenta?');
    await expect(deleteDialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await deleteDialog.getByRole('button', { name: 'Sí' }).click();
    await expect.poll(() => alerts).toEqual(['Tu cuenta ha sido eliminada']);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

    // The account is gone: its token and its credentials no longer work.
    const me = await request.get('/api/user/me', { headers: { Authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);
    const again = await request.post('/api/auth/login', {
      data: { username: newUsername, password: user.password },
      headers: setupClientHeaders(),
    });
    expect(again.status()).toBe(401);
  },
);
