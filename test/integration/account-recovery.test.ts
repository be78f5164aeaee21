import 'reflect-metadata';
import type pg from 'pg';
import {
  call,
  confirmationTokenFor,
  mailedToken,
  mailsTo,
  registerConfirmAndLogin,
  uniqueName,
} from '../support/accounts.js';
import { startApiAndClient, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { waitFor } from '../support/processes.js';

/** docs/CONTRACT.md §10 end to end through the .eml outbox: sessions, passwords, addresses. */
describe('accounts: logout, forgotten and changed passwords, e-mail change', () => {
  let api: TestApi;
  let db: pg.Client;

  beforeAll(async () => ({ api, db } = await startApiAndClient()), 30_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  const me = (token: string) => call(api, 'GET', '/api/user/me', { token });
  const login = (username: string, password: string) =>
    call(api, 'POST', '/api/auth/login', { body: { username, password } });
  const tokenOf = (answer: { json: () => unknown }) => (answer.json() as { token: string }).token;

  it('logout ends that session only, on the server', async () => {
    const account = await registerConfirmAndLogin(api);
    const other = tokenOf(await login(account.username, account.password));

    expect((await call(api, 'POST', '/api/auth/logout', { token: account.token })).status).toBe(204);
    const after = await me(account.token);
    expect(after.status).toBe(401);
    expect(after.json()).toEqual({ statusCode: 401, message: 'Token inválido o expirado' });
    // A second logout with the ended token is refused like any other call.
    expect((await call(api, 'POST', '/api/auth/logout', { token: account.token })).status).toBe(401);
    expect((await call(api, 'POST', '/api/auth/logout')).status).toBe(401);
    // The other device stays logged in.
    expect((await me(other)).status).toBe(200);
  });

  it('the admin logout ends the admin token, for the API and the queue dashboard', async () => {
    const check = await call(api, 'POST', '/api/auth/check-password', {
      body: { password: api.env.ADMIN_PASSWORD },
    });
    const admin = tokenOf(check);
    expect((await call(api, 'GET', '/api/admin/feeds', { token: admin })).status).toBe(200);
    const dashboard = () =>
      fetch(`${api.baseUrl}/admin/queues`, { headers: { authorization: `Bearer ${admin}` } });
    expect((await dashboard()).status).toBe(200);

    const out = await fetch(`${api.baseUrl}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/veredicto_admin=;/);
    expect((await call(api, 'GET', '/api/admin/feeds', { token: admin })).status).toBe(401);
    expect((await dashboard()).status).toBe(401);
  });

  it('forgotten password: 202 for any address, a single-use link, every older session ended', async () => {
    const account = await registerConfirmAndLogin(api);
    const second = tokenOf(await login(account.username, account.password));

    const unknown = await call(api, 'POST', '/api/auth/forgot-password', {
      body: { email: `${uniqueName('nadie')}@example.com` },
    });
    const known = await call(api, 'POST', '/api/auth/forgot-password', {
      // Another spelling of the same mailbox finds the account.
      body: { email: account.email.toUpperCase().replace('@', '+olvido@') },
    });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.json()).toEqual(unknown.json());

    const token = await mailedToken(api, account.email, '/reset-password');
    const short = await call(api, 'POST', '/api/auth/reset-password', { body: { token, password: 'corta' } });
    expect(short.status).toBe(400);
    expect(short.json()).toEqual({
      statusCode: 400,
      message: 'La contraseña debe tener al menos 8 caracteres.',
    });

    const reset = await call(api, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'nueva-contraseña-1' },
    });
    expect(reset.status).toBe(204);
    // Every session opened before the reset has ended.
    expect((await me(account.token)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await login(account.username, account.password)).status).toBe(401);
    expect((await login(account.username, 'nueva-contraseña-1')).status).toBe(200);

    const again = await call(api, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'otra-contraseña-2' },
    });
    expect(again.json()).toEqual({
      statusCode: 400,
      message: 'El enlace para restablecer la contraseña no es válido o ha caducado.',
    });
  });

  it('only the newest reset link works, and an expired one never', async () => {
    const account = await registerConfirmAndLogin(api);
    await call(api, 'POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const first = await mailedToken(api, account.email, '/reset-password');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(api, 'POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const second = await waitForNewToken(account.email, first);
    const stale = await call(api, 'POST', '/api/auth/reset-password', {
      body: { token: first, password: 'nueva-contraseña-1' },
    });
    expect(stale.status).toBe(400);
    await db.query(
      `update email_tokens set expires_at = now() - interval '1 second'
       where purpose = 'reset-password' and used_at is null`,
    );
    const expired = await call(api, 'POST', '/api/auth/reset-password', {
      body: { token: second, password: 'nueva-contraseña-1' },
    });
    expect(expired.status).toBe(400);
  });

  async function waitForNewToken(email: string, previous: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const token = await mailedToken(api, email, '/reset-password');
      if (token !== previous) return token;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no new reset e-mail to ${email}`);
  }

  it('mails at most three reset links per account in 15 minutes, from any number of addresses', async () => {
    const account = await registerConfirmAndLogin(api);
    for (let request = 0; request < 5; request++) {
      const answer = await call(api, 'POST', '/api/auth/forgot-password', { body: { email: account.email } });
      expect(answer.status).toBe(202);
    }
    const resetLinks = async () =>
      (await mailsTo(api, account.email)).filter((mail) => mail.includes('/reset-password?token='));
    // The mails go out after the answers: wait for three, then make sure no fourth follows.
    await waitFor(async () => ((await resetLinks()).length >= 3 ? true : undefined), {
      what: 'three reset e-mails',
      timeoutMs: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await resetLinks()).toHaveLength(3);
  });

  it('a change of password needs the current one and ends every session, this one too', async () => {
    const account = await registerConfirmAndLogin(api);
    const second = tokenOf(await login(account.username, account.password));

    const wrong = await call(api, 'PUT', '/api/user/password', {
      token: account.token,
      body: { currentPassword: 'no-es-la-mía', newPassword: 'nueva-contraseña-1' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toEqual({ statusCode: 403, message: 'La contraseña actual no es correcta.' });
    expect((await me(account.token)).status).toBe(200);

    const same = await call(api, 'PUT', '/api/user/password', {
      token: account.token,
      body: { currentPassword: account.password, newPassword: account.password },
    });
    expect(same.status).toBe(400);
    expect(same.json()).toEqual({
      statusCode: 400,
      message: 'La contraseña nueva debe ser distinta de la actual.',
    });
    expect((await me(account.token)).status).toBe(200);

    const changed = await call(api, 'PUT', '/api/user/password', {
      token: account.token,
      body: { currentPassword: account.password, newPassword: 'nueva-contraseña-1' },
    });
    expect(changed.status).toBe(204);
    expect((await me(account.token)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await login(account.username, account.password)).status).toBe(401);
    expect((await login(account.username, 'nueva-contraseña-1')).status).toBe(200);
  });

  it('an e-mail change waits for the link sent to the new address and tells the old one', async () => {
    const account = await registerConfirmAndLogin(api);
    const newEmail = `${uniqueName('nueva')}@example.org`;
    const asked = await call(api, 'PUT', '/api/user/update-profile', {
      token: account.token,
      body: { newUsername: account.username, newEmail },
    });
    expect(asked.status).toBe(200);
    const session = tokenOf(asked);
    expect((await me(session)).json()).toMatchObject({ email: account.email });
    // The mails go out after the answer (a slow mail server must not hold the request up).
    const notice = await waitFor(
      async () => (await mailsTo(api, account.email)).find((mail) => mail.includes(newEmail)),
      { what: 'the notice to the old address', timeoutMs: 5000 },
    );
    expect(notice).toContain(newEmail);

    const token = await mailedToken(api, newEmail, '/confirm-email');
    const confirmed = await call(api, 'GET', `/api/auth/confirm-email?token=${token}`);
    expect(confirmed.status).toBe(200);
    expect((await me(session)).json()).toMatchObject({ email: newEmail });
    // Single use.
    expect((await call(api, 'GET', `/api/auth/confirm-email?token=${token}`)).status).toBe(400);
    // The reset link now goes to the new address.
    await call(api, 'POST', '/api/auth/forgot-password', { body: { email: newEmail } });
    await expect(mailedToken(api, newEmail, '/reset-password')).resolves.toEqual(expect.any(String));
  });

  it('compares addresses in one canonical form: one mailbox, one account', async () => {
    const username = uniqueName('buzon');
    const email = `${username}@gmail.com`;
    const first = await call(api, 'POST', '/api/auth/register', {
      body: { email, username, password: 'una-clave-larga' },
    });
    expect(first.status).toBe(201);
    for (const variant of [
      email.toUpperCase(),
      `${username}+otra@gmail.com`,
      `${username.slice(0, 3)}.${username.slice(3)}@googlemail.com`,
    ]) {
      const again = await call(api, 'POST', '/api/auth/register', {
        body: { email: variant, username: uniqueName('variante'), password: 'una-clave-larga' },
      });
      expect([variant, again.status, again.text]).toEqual([variant, 409, 'El email ya está registrado.']);
    }
    // The database computes the same key as the API (a raw insert cannot dodge it either).
    const stored = await db.query('select email_key from users where username = $1', [username]);
    expect(stored.rows[0].email_key).toBe(email.toLowerCase());
    await expect(
      db.query(
        `insert into users (username, username_key, email, password_hash)
         values ('otro_buzon', 'otro_buzon', $1, 'x')`,
        [`${username.toUpperCase()}+x@googlemail.com`.toLowerCase()],
      ),
    ).rejects.toThrow(/users_email_key_unique/);
    // Registration through a variant is refused; so is moving another account onto it.
    const other = await registerConfirmAndLogin(api);
    const moved = await call(api, 'PUT', '/api/user/update-profile', {
      token: other.token,
      body: { newUsername: other.username, newEmail: `${username}+yo@gmail.com` },
    });
    expect([moved.status, moved.text]).toEqual([409, 'El email ya está registrado.']);
    await expect(confirmationTokenFor(api, email)).resolves.toEqual(expect.any(String));
  });
});
