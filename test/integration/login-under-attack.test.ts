import 'reflect-metadata';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type pg from 'pg';
import { ProcessMetrics } from '@veredicto/metrics';
import { ADMIN_PASSWORD_LIMITED_MESSAGE } from '../../api/src/admin/admin-password.service.js';
import { INVALID_LOGIN_LINK_MESSAGE } from '../../api/src/auth/auth.service.js';
import { DEVICE_COOKIE, UNDER_ATTACK_MESSAGE } from '../../api/src/auth/login-limits.service.js';
import { call, freshIp, mailedToken, uniqueName } from '../support/accounts.js';
import { startApiAndClient, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { waitFor } from '../support/processes.js';

/**
 * Issue 29, items 1-2: an attacker hammering a public username cannot lock its owner out (OWASP's device
 * cookies and per-client counts, and a way in by e-mail), and the admin password has a limit of its own.
 */
describe('logins while an attacker hammers the account', () => {
  let api: TestApi;
  let db: pg.Client;

  beforeAll(async () => ({ api, db } = await startApiAndClient()), 60_000);
  afterAll(() => stopApiAndDatabase(api, db));

  interface Login {
    status: number;
    message: string;
    token?: string;
    deviceCookie?: string;
  }

  async function post(path: string, body: unknown, options: { cookie?: string; ip?: string } = {}) {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': options.ip ?? freshIp(),
        ...(options.cookie ? { cookie: `${DEVICE_COOKIE}=${options.cookie}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { message?: string; token?: string };
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
    return {
      status: response.status,
      message: json.message ?? '',
      token: json.token,
      deviceCookie: setCookie ? decodeURIComponent(setCookie.split(';')[0].split('=')[1]) : undefined,
      setCookie,
    };
  }
  const login = (username: string, password: string, options: { cookie?: string; ip?: string } = {}) =>
    post('/api/auth/login', { username, password }, options) as Promise<Login & { setCookie?: string }>;

  async function owner(password: string) {
    const username = uniqueName('duena');
    const email = `${username}@example.com`;
    const registered = await call(api, 'POST', '/api/auth/register', { body: { email, username, password } });
    expect(registered.status).toBe(201);
    await db.query('update users set confirmed_at = now() where username = $1', [username]);
    return { username, email };
  }

  it('the owner on a known device gets in every time; a new device gets in by e-mail link', async () => {
    const password = 'la-contraseña-de-la-dueña';
    const { username, email } = await owner(password);
    const first = await login(username, password);
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(/HttpOnly/i);
    expect(first.setCookie).toMatch(/SameSite=Strict/i);
    const device = first.deviceCookie!;

    // The attacker: four loops of wrong passwords from rotating addresses, one from a fixed address.
    let attacking = true;
    const attackerStatuses: number[] = [];
    const attack = async (fixedIp?: string) => {
      for (let guess = 0; attacking; guess++) {
        const answer = await login(username, `adivinanza-${guess}`, { ip: fixedIp });
        attackerStatuses.push(answer.status);
      }
    };
    const attackers = Promise.all([attack(), attack(), attack(), attack(), attack('10.250.0.1')]);
    try {
      // The account is under attack once an unknown client with the right password is held back.
      const refusal = await waitFor(
        async () => {
          const answer = await login(username, password);
          return answer.status === 429 ? answer : undefined;
        },
        // 20 judged failures: each an argon2 verification, slow on a loaded machine.
        { timeoutMs: 240_000, intervalMs: 200, what: 'the account to be under attack' },
      );
      expect(refusal.message).toBe(UNDER_ATTACK_MESSAGE);

      // The owner's browser, meanwhile: 25 logins out of 25.
      const owned: number[] = [];
      for (let attempt = 0; attempt < 25; attempt++) {
        owned.push((await login(username, password, { cookie: device })).status);
      }
      expect(owned).toEqual(Array(25).fill(200));
      // A forged or foreign device cookie is just an unknown client.
      const forged = `${device.slice(0, -4)}AAAA`;
      expect((await login(username, password, { cookie: forged })).message).toBe(UNDER_ATTACK_MESSAGE);
    } finally {
      attacking = false;
      await attackers;
    }
    // Of the attacker's hundreds of attempts, only the free allowance (and a few as delays ran out) was judged.
    const judged = attackerStatuses.filter((status) => status === 401).length;
    expect(attackerStatuses.length).toBeGreaterThan(judged);
    expect(judged).toBeLessThanOrEqual(30);
    process.stdout.write(
      `RELIABILITY ${JSON.stringify({ name: 'login-under-attack', ownerLogins: '25/25', attackerAttempts: attackerStatuses.length, attackerJudged: judged })}\n`,
    );
    expect(attackerStatuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);

    // A new device of the owner: the e-mailed link lets it in and makes it a known device.
    const asked = await post('/api/auth/login-link', { username });
    expect(asked.status).toBe(202);
    // Same answer for a name that does not exist.
    expect((await post('/api/auth/login-link', { username: uniqueName('nadie') })).message).toBe(
      asked.message,
    );
    const linkToken = await mailedToken(api, email, '/login-link');
    const used = await post('/api/auth/login-link/use', { token: linkToken });
    expect(used.status).toBe(200);
    expect(typeof used.token).toBe('string');
    const me = await call(api, 'GET', '/api/user/me', { token: used.token });
    expect(me.status).toBe(200);
    const again = await post('/api/auth/login-link/use', { token: linkToken });
    expect([again.status, again.message]).toEqual([400, INVALID_LOGIN_LINK_MESSAGE]);
    expect((await login(username, password, { cookie: used.deviceCookie })).status).toBe(200);
    // Still under attack for unknown clients.
    expect((await login(username, password)).message).toBe(UNDER_ATTACK_MESSAGE);
  }, 480_000);

  it('a known device that fails is slowed on its own, not the account', async () => {
    const password = 'otra-contraseña-larga';
    const { username } = await owner(password);
    const device = (await login(username, password)).deviceCookie!;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await login(username, 'equivocada', { cookie: device })).status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toContain(429);
    // Another browser of the owner, known or not, is not held back by that device's failures.
    expect((await login(username, password)).status).toBe(200);
  }, 60_000);

  it('the admin password is limited per secret across addresses, and the operator is alerted', async () => {
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    try {
      const statuses: number[] = [];
      const messages = new Set<string>();
      for (let attempt = 0; attempt < 20; attempt++) {
        const answer = await call(api, 'POST', '/api/auth/check-password', {
          body: { password: `no-es-la-clave-${attempt}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429) messages.add((answer.json() as { message: string }).message);
      }
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBeGreaterThanOrEqual(5);
      // The first delays are 1 s and 2 s: a few more may be checked as they run out, never all 20.
      expect(checked).toBeLessThanOrEqual(9);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - checked);
      expect([...messages]).toEqual([ADMIN_PASSWORD_LIMITED_MESSAGE]);
      process.stdout.write(
        `RELIABILITY ${JSON.stringify({ name: 'admin-password-20-addresses', checked, refused: 20 - checked })}\n`,
      );

      const metrics = await api.app.get(ProcessMetrics).render();
      expect(metrics).toMatch(new RegExp(`veredicto_admin_password_failures_total\\{[^}]*\\} ${checked}\\b`));
      expect(metrics).toMatch(
        new RegExp(`veredicto_admin_password_refused_total\\{[^}]*\\} ${20 - checked}\\b`),
      );
      expect(warnings.mock.calls.map(([line]) => String(line))).toContainEqual(
        expect.stringContaining('la contraseña de administración está bajo ataque'),
      );

      // The admin gets in once the delay has passed.
      const admitted = await waitFor(
        async () => {
          const answer = await call(api, 'POST', '/api/auth/check-password', {
            body: { password: api.env.ADMIN_PASSWORD },
          });
          return answer.status === 200 ? answer : undefined;
        },
        { timeoutMs: 70_000, intervalMs: 1000, what: 'the admin password to be checked again' },
      );
      expect(typeof (admitted.json() as { token: string }).token).toBe('string');
    } finally {
      warnings.mockRestore();
    }
  }, 120_000);
});
