import { expect, test } from './support/fixtures.js';
import {
  collectDialogs,
  createUser,
  DEFAULT_PASSWORD,
  setupClientHeaders,
  signInPage,
} from './support/api.js';
import { mailedLinkFor } from './support/env.js';

test(
  'contraseña olvidada: desde el formulario de acceso hasta entrar con la nueva',
  { tag: '@movil' },
  async ({ page, request }) => {
    const user = await createUser(request, 'olvida');
    // A client address of its own: the other specs' browser logins must not use up this one's per-IP limit.
    await page.setExtraHTTPHeaders(setupClientHeaders());
    const newPassword = 'otra-contraseña-nueva-2';

    await page.goto('/login');
    await page.getByRole('main').getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page).toHaveTitle('Recuperar la contraseña | Veredicto');
    await expect(page.getByRole('heading', { level: 1, name: '¿Has olvidado tu contraseña?' })).toBeVisible();
    await page.getByRole('main').getByLabel('Email').fill(user.email);
    await page.getByRole('main').getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Si esa dirección pertenece a una cuenta, te hemos enviado un enlace para restablecer la contraseña.',
    );

    // The link of the e-mail in the outbox, as the user would open it.
    const link = await mailedLinkFor(user.email, '/reset-password');
    await page.goto(link);
    await expect(page).toHaveTitle('Nueva contraseña | Veredicto');
    const form = page.getByRole('main');
    await form.getByLabel('Contraseña nueva').fill(newPassword);
    await form.getByLabel('Repite la contraseña').fill('no-coincide-1');
    await form.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(form.getByRole('alert')).toHaveText('Las contraseñas no coinciden.');
    await form.getByLabel('Repite la contraseña').fill(newPassword);
    await form.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Tu contraseña ha cambiado. Ya puedes iniciar sesión con la nueva.',
    );

    // The session opened before the reset has ended on the server.
    const old = await request.get('/api/user/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(old.status()).toBe(401);

    await form.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Usuario').fill(user.username);
    await page.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
    await page.getByLabel('Contraseña').fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/user\/reviews$/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  },
);

test(
  'perfil: cambiar la contraseña cierra la sesión y se entra con la nueva',
  { tag: '@escritorio' },
  async ({ page, request }) => {
    const user = await createUser(request, 'cambia');
    await page.setExtraHTTPHeaders(setupClientHeaders());
    await signInPage(page, user.token);
    const alerts = collectDialogs(page);
    const newPassword = 'contraseña-cambiada-3';

    await page.goto('/user/profile');
    const section = page.getByRole('region', { name: 'Contraseña' });
    await section.getByLabel('Contraseña actual').fill('no-es-la-mía');
    await section.getByLabel('Contraseña nueva', { exact: true }).fill(newPassword);
    await section.getByLabel('Repite la contraseña nueva').fill(newPassword);
    await section.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(section.getByRole('alert')).toHaveText('La contraseña actual no es correcta.');

    await section.getByLabel('Contraseña actual').fill(DEFAULT_PASSWORD);
    await section.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    // Said on the login page itself, not in a browser alert.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Contraseña cambiada.' })).toHaveText(
      'Contraseña cambiada. Inicia sesión de nuevo con la nueva.',
    );
    expect(alerts).toEqual([]);
    const old = await request.get('/api/user/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(old.status()).toBe(401);

    await page.getByLabel('Usuario').fill(user.username);
    await page.getByLabel('Contraseña').fill(newPassword);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/user\/reviews$/);
  },
);
