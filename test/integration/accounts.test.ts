import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  call,
  confirmationTokenFor,
  craftJwt,
  freshIp,
  mailedToken,
  registerConfirmAndLogin,
  uniqueName,
} from '../support/accounts.js';
import { startApiAndClient, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';

describe('accounts: registration, confirmation, login and sessions', () => {
  let api: TestApi;
  let db: pg.Client;

  beforeAll(async () => ({ api, db } = await startApiAndClient()), 30_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  const secret = () => api.env.JWT_SECRET;
  const userId = async (username: string) =>
    Number((await db.query('select id from users where username = $1', [username])).rows[0].id);
  const waitForNewToken = async (email: string, previous: string) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const token = await confirmationTokenFor(api, email);
      if (token !== previous) return token;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no new confirmation e-mail to ${email}`);
  };

  it('registers, confirms through the e-mailed link, logs in and reads the profile', async () => {
    const username = uniqueName('Nuevo');
    const email = `${username}@Example.com`;
    const registered = await call(api, 'POST', '/api/auth/register', {
      body: { email, username, password: 'una-clave-larga' },
    });
    expect(registered.status).toBe(201);
    expect(registered.json()).toEqual({ message: expect.any(String) });

    const stored = (
      await db.query('select password_hash, confirmed_at, email from users where username = $1', [username])
    ).rows[0];
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.confirmed_at).toBeNull();
    expect(stored.email).toBe(email.toLowerCase());

    const login = { username, password: 'una-clave-larga' };
    const early = await call(api, 'POST', '/api/auth/login', { body: login });
    expect(early.status).toBe(403);
    expect(early.json()).toEqual({
      statusCode: 403,
      message: 'Debes confirmar tu correo electrónico antes de iniciar sesión.',
    });

    const token = await confirmationTokenFor(api, email.toLowerCase());
    // Only the hash of the token is stored.
    const tokens = (
      await db.query('select token_hash from email_tokens where user_id = $1', [await userId(username)])
    ).rows;
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0].token_hash).not.toContain(token);

    expect((await call(api, 'GET', `/api/auth/confirm?token=${token}`)).status).toBe(200);
    const again = await call(api, 'GET', `/api/auth/confirm?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      message: 'El enlace de confirmación no es válido o ha caducado.',
    });

    // The username is case-insensitive at login.
    const session = await call(api, 'POST', '/api/auth/login', {
      body: { ...login, username: username.toUpperCase() },
    });
    expect(session.status).toBe(200);
    const { token: jwt } = session.json() as { token: string };
    const [header, payload] = jwt
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: String(await userId(username)), ver: 0 });
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);

    const me = await call(api, 'GET', '/api/user/me', { token: jwt });
    expect(me.status).toBe(200);
    expect(me.json()).toEqual({ username, email: email.toLowerCase() });

    const lists = await call(api, 'GET', '/api/user/gamelist', { token: jwt });
    expect(lists.json()).toEqual([{ id: expect.any(Number), name: 'Deseados', reserved: true, gameIds: [] }]);
  }, 30_000);

  it('answers registration errors as plain Spanish text', async () => {
    const base = {
      email: `${uniqueName()}@example.com`,
      username: uniqueName(),
      password: 'una-clave-larga',
    };
    const cases: [object, number, string][] = [
      [{ ...base, email: 'no-es-un-email' }, 400, 'Debes ingresar un email válido.'],
      [{ ...base, password: 'corta' }, 400, 'La contraseña debe tener al menos 8 caracteres.'],
      [{ ...base, username: 'ab' }, 400, 'El nombre de usuario debe tener entre 3 y 30 caracteres.'],
      [
        { ...base, username: 'con espacios' },
        400,
        'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos.',
      ],
      [{ email: base.email, password: base.password }, 400, 'El nombre de usuario es obligatorio.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(api, 'POST', '/api/auth/register', { body });
      expect([response.status, response.text]).toEqual([status, message]);
      expect(response.contentType).toMatch(/^text\/plain/);
    }

    const first = await registerConfirmAndLogin(api);
    const sameName = await call(api, 'POST', '/api/auth/register', {
      body: { ...base, username: first.username.toUpperCase() },
    });
    expect([sameName.status, sameName.text]).toEqual([409, 'El nombre de usuario ya está en uso.']);
    const sameEmail = await call(api, 'POST', '/api/auth/register', {
      body: { ...base, email: first.email.toUpperCase() },
    });
    expect([sameEmail.status, sameEmail.text]).toEqual([409, 'El email ya está registrado.']);
  }, 30_000);

  it('refuses wrong passwords and unknown users with the same answer', async () => {
    const account = await registerConfirmAndLogin(api);
    const wrong = await call(api, 'POST', '/api/auth/login', {
      body: { username: account.username, password: 'otra-clave-mala' },
    });
    const unknown = await call(api, 'POST', '/api/auth/login', {
      body: { username: uniqueName('nadie'), password: 'otra-clave-mala' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, message: 'Credenciales inválidas' });
    }
    const missing = await call(api, 'POST', '/api/auth/login', { body: { username: account.username } });
    expect(missing.status).toBe(400);
  }, 30_000);

  it('refuses an expired or unknown confirmation link', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    await call(api, 'POST', '/api/auth/register', { body: { email, username, password: 'una-clave-larga' } });
    const token = await confirmationTokenFor(api, email);
    await db.query(`update email_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [
      await userId(username),
    ]);
    for (const value of [token, 'x'.repeat(43), 'corto', '']) {
      const response = await call(api, 'GET', `/api/auth/confirm?token=${value}`);
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        message: 'El enlace de confirmación no es válido o ha caducado.',
      });
    }
    expect(
      (await call(api, 'POST', '/api/auth/login', { body: { username, password: 'una-clave-larga' } }))
        .status,
    ).toBe(403);
  }, 30_000);

  it('sends a new confirmation link to the owner of an unconfirmed account, replacing the old one', async () => {
    const username = uniqueName('Reenvio');
    const email = `${username}@example.com`;
    const password = 'una-clave-larga';
    await call(api, 'POST', '/api/auth/register', { body: { email, username, password } });
    const first = await confirmationTokenFor(api, email);
    // The first link expired before it was used: without a new one the account could never log in.
    await db.query(`update email_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [
      await userId(username),
    ]);

    // Only with the account's own password: no inbox flooding, no hint about which accounts exist.
    for (const body of [
      { username, password: 'otra-clave-larga' },
      { username: uniqueName('nadie'), password },
    ]) {
      const refused = await call(api, 'POST', '/api/auth/resend-confirmation', { body });
      expect(refused.status).toBe(401);
      expect(refused.json()).toEqual({ statusCode: 401, message: 'Credenciales inválidas' });
    }
    const invalid = await call(api, 'POST', '/api/auth/resend-confirmation', { body: { username } });
    expect(invalid.status).toBe(400);

    const resent = await call(api, 'POST', '/api/auth/resend-confirmation', { body: { username, password } });
    expect(resent.status).toBe(200);
    expect(resent.json()).toEqual({
      message: 'Te hemos enviado un nuevo enlace de confirmación a tu correo electrónico.',
    });
    const second = await waitForNewToken(email, first);
    // One pending link per account: the earlier one is gone.
    const pending = await db.query('select id from email_tokens where user_id = $1 and used_at is null', [
      await userId(username),
    ]);
    expect(pending.rowCount).toBe(1);
    expect((await call(api, 'GET', `/api/auth/confirm?token=${first}`)).status).toBe(400);
    expect((await call(api, 'GET', `/api/auth/confirm?token=${second}`)).status).toBe(200);
    expect((await call(api, 'POST', '/api/auth/login', { body: { username, password } })).status).toBe(200);

    const confirmed = await call(api, 'POST', '/api/auth/resend-confirmation', {
      body: { username, password },
    });
    expect(confirmed.status).toBe(409);
    expect(confirmed.json()).toEqual({
      statusCode: 409,
      message: 'Tu cuenta ya está confirmada. Ya puedes iniciar sesión.',
    });
  }, 30_000);

  it('refuses forged, expired, unsigned and malformed tokens', async () => {
    const account = await registerConfirmAndLogin(api);
    const id = String(await userId(account.username));
    const now = Math.floor(Date.now() / 1000);
    const sid = randomUUID();
    const tokens = [
      craftJwt(
        { alg: 'HS256', typ: 'JWT' },
        { sub: id, ver: 0, sid, iat: now, exp: now + 3600 },
        'otro-secreto-otro-secreto-otro-secreto',
      ),
      craftJwt(
        { alg: 'HS256', typ: 'JWT' },
        { sub: id, ver: 0, sid, iat: now - 7200, exp: now - 3600 },
        secret(),
      ),
      craftJwt({ alg: 'none', typ: 'JWT' }, { sub: id, ver: 0, sid, iat: now, exp: now + 3600 }),
      craftJwt({ alg: 'HS512', typ: 'JWT' }, { sub: id, ver: 0, sid, iat: now, exp: now + 3600 }, secret()),
      craftJwt({ alg: 'HS256', typ: 'JWT' }, { sub: id, ver: 1, sid, iat: now, exp: now + 3600 }, secret()),
      // Without a session id it could not be ended by a logout.
      craftJwt({ alg: 'HS256', typ: 'JWT' }, { sub: id, ver: 0, iat: now, exp: now + 3600 }, secret()),
      'no.es.un-token',
      '',
    ];
    for (const token of tokens) {
      const response = await call(api, 'GET', '/api/user/me', { token });
      expect([response.status, response.json()]).toEqual([
        401,
        { statusCode: 401, message: 'Token inválido o expirado' },
      ]);
    }
    // The same claims signed correctly work: the refusals above are about the signature and expiry.
    const genuine = craftJwt(
      { alg: 'HS256', typ: 'JWT' },
      { sub: id, ver: 0, sid, iat: now, exp: now + 3600 },
      secret(),
    );
    expect((await call(api, 'GET', '/api/user/me', { token: genuine })).status).toBe(200);
  }, 30_000);

  it('a profile change answers a new token and ends the sessions opened before', async () => {
    const account = await registerConfirmAndLogin(api);
    const other = await registerConfirmAndLogin(api);
    const newUsername = uniqueName('Cambiado');
    const newEmail = `${newUsername}@example.org`;

    const taken = await call(api, 'PUT', '/api/user/update-profile', {
      token: account.token,
      body: { newUsername: other.username, newEmail },
    });
    expect([taken.status, taken.text]).toEqual([409, 'El nombre de usuario ya está en uso.']);
    const invalid = await call(api, 'PUT', '/api/user/update-profile', {
      token: account.token,
      body: { newUsername, newEmail: 'mal' },
    });
    expect([invalid.status, invalid.text]).toEqual([400, 'Debes ingresar un email válido.']);

    const changed = await call(api, 'PUT', '/api/user/update-profile', {
      token: account.token,
      body: { newUsername, newEmail: newEmail.toUpperCase() },
    });
    expect(changed.status).toBe(200);
    const body = changed.json() as { username: string; email: string; token: string };
    // The name changes at once; the address only once the link mailed to it is opened.
    expect(body).toEqual({
      username: newUsername,
      email: account.email,
      token: expect.any(String),
      pendingEmail: newEmail.toLowerCase(),
      message: expect.stringContaining(newEmail.toLowerCase()),
    });

    expect((await call(api, 'GET', '/api/user/me', { token: account.token })).status).toBe(401);
    expect((await call(api, 'GET', '/api/user/me', { token: body.token })).json()).toEqual({
      username: newUsername,
      email: account.email,
    });
    const link = await mailedToken(api, newEmail.toLowerCase(), '/confirm-email');
    expect((await call(api, 'GET', `/api/auth/confirm-email?token=${link}`)).status).toBe(200);
    expect((await call(api, 'GET', '/api/user/me', { token: body.token })).json()).toEqual({
      username: newUsername,
      email: newEmail.toLowerCase(),
    });
    const login = await call(api, 'POST', '/api/auth/login', {
      body: { username: newUsername, password: account.password },
    });
    expect(login.status).toBe(200);
  }, 30_000);

  it("a deleted account's token stops working at once", async () => {
    const account = await registerConfirmAndLogin(api);
    const deleted = await call(api, 'DELETE', '/api/user/delete-account', { token: account.token });
    expect(deleted.status).toBe(200);
    expect((await db.query('select 1 from users where username = $1', [account.username])).rowCount).toBe(0);
    const after = await call(api, 'GET', '/api/user/me', { token: account.token });
    expect(after.status).toBe(401);
    const again = await call(api, 'DELETE', '/api/user/delete-account', { token: account.token });
    expect([again.status, again.text]).toEqual([401, 'Token inválido o expirado']);
  }, 30_000);

  it('limits login attempts per IP with a Spanish 429', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 11; attempt++) {
      // A different name each time: the per-account limit (its own test) is not at stake here.
      last = await call(api, 'POST', '/api/auth/login', {
        ip,
        body: { username: `nadie_aqui_${attempt}`, password: 'clave-incorrecta' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(last!.json()).toEqual({
      statusCode: 429,
      message: 'Demasiados intentos. Inténtalo de nuevo en un minuto.',
    });
    // Another client is not affected.
    expect(
      (await call(api, 'POST', '/api/auth/login', { body: { username: 'nadie_aqui_otro', password: 'x' } }))
        .status,
    ).toBe(401);

    const registerIp = freshIp();
    const registers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      registers.push(
        (await call(api, 'POST', '/api/auth/register', { ip: registerIp, body: { email: 'mal' } })).status,
      );
    }
    expect(registers).toEqual([400, 400, 400, 400, 400, 429]);
  }, 30_000);

  it('documents the account endpoints in the OpenAPI document', async () => {
    const document = (await call(api, 'GET', '/api/docs/openapi.json')).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/user/me',
      '/api/user/rating',
      '/api/user/reviews',
      '/api/user/gamelist',
      '/api/user/{listName}/games',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  }, 30_000);
});
