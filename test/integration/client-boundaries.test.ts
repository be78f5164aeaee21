import 'reflect-metadata';
import pg from 'pg';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../api/src/auth/auth-throttler.guard.js';
import { INVALID_EMAIL_MESSAGE } from '../../api/src/auth/dto/account-fields.js';
import { ADMIN_UNAUTHORIZED_MESSAGE } from '../../api/src/admin/admin.guard.js';
import { call, freshIp, mailsTo, registerConfirmAndLogin, uniqueName } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { testEnv } from '../support/test-env.js';

/**
 * Issue 29, items 7-9: who the API believes a client is (TRUSTED_PROXIES), which e-mail addresses it
 * accepts (only what the mailer sends to as typed), and who may read the API documentation.
 */
describe('client boundaries: proxies, e-mail addresses, API docs', () => {
  const apis: TestApi[] = [];
  let db: pg.Client;
  const start = async (overrides: Record<string, string>) => {
    const api = await startTestApi('postgres', overrides);
    apis.push(api);
    return api;
  };

  beforeAll(async () => {
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.close()));
    await db?.end();
  });

  /**
   * Eleven confirmation links (the per-IP limit of the account endpoints is 10 a minute there; a wrong
   * link costs no password hash), each request claiming another address in X-Forwarded-For.
   */
  async function loginsWithForgedAddresses(api: TestApi) {
    const statuses: number[] = [];
    let lastMessage = '';
    for (let index = 0; index < 11; index++) {
      const answer = await call(api, 'GET', `/api/auth/confirm?token=${'x'.repeat(30)}${index}`, {
        ip: freshIp(),
      });
      statuses.push(answer.status);
      lastMessage = answer.text;
    }
    return { statuses, lastMessage };
  }

  it('a forged X-Forwarded-For from a peer that is not a trusted proxy is ignored', async () => {
    for (const trusted of ['', '10.0.0.0/8,192.168.1.7']) {
      // Without Redis the counts are in PostgreSQL, shared by every API on this queue prefix: the API
      // before this one counted the same peer (127.0.0.1).
      await db.query('delete from rate_limits where key like $1', [`${testEnv().queuePrefix}_postgres:%`]);
      const api = await start({ TRUSTED_PROXIES: trusted });
      const { statuses, lastMessage } = await loginsWithForgedAddresses(api);
      // One client whatever it claims: the eleventh attempt meets the per-IP limit.
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      expect(JSON.parse(lastMessage).message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    }
  }, 180_000);

  it('a trusted proxy states the client address: each forwarded client has its own limit', async () => {
    const api = await start({ TRUSTED_PROXIES: 'loopback' });
    const { statuses } = await loginsWithForgedAddresses(api);
    expect(statuses).toEqual(Array(11).fill(400));
  }, 120_000);

  it('an address the mailer would rewrite is refused with a Spanish message, and nothing is stored or sent', async () => {
    const api = await start({});
    const hostile = '"><svg/onload=alert(1)>@x.co';
    const username = uniqueName('hostil');
    const registered = await call(api, 'POST', '/api/auth/register', {
      body: { email: hostile, username, password: 'contraseña-segura-1' },
    });
    expect([registered.status, registered.text]).toEqual([400, INVALID_EMAIL_MESSAGE]);
    expect((await db.query('select 1 from users where username = $1', [username])).rowCount).toBe(0);

    for (const address of ['a(b)@x.co', 'Nombre <a@x.co>', '"a"@x.co']) {
      const answer = await call(api, 'POST', '/api/auth/register', {
        body: { email: address, username: uniqueName('hostil'), password: 'contraseña-segura-1' },
      });
      expect([answer.status, answer.text]).toEqual([400, INVALID_EMAIL_MESSAGE]);
    }

    const forgot = await call(api, 'POST', '/api/auth/forgot-password', { body: { email: hostile } });
    expect(forgot.status).toBe(400);
    expect((forgot.json() as { message: string }).message).toBe(INVALID_EMAIL_MESSAGE);

    const user = await registerConfirmAndLogin(api);
    const changed = await call(api, 'PUT', '/api/user/update-profile', {
      token: user.token,
      body: { newEmail: hostile, newUsername: user.username },
    });
    expect([changed.status, changed.text]).toEqual([400, INVALID_EMAIL_MESSAGE]);
    const stored = await db.query('select email from users where username = $1', [user.username]);
    expect(stored.rows[0].email).toBe(user.email);
    expect(await mailsTo(api, '"><svg/onload=alert(1)>"@x.co')).toEqual([]);
  });

  it('security headers: a page gets the document set; a JSON answer, by the lane or the application, the JSON set', async () => {
    const production = await start({ NODE_ENV: 'production' });
    const securityHeaders = (answer: Response) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'strict-transport-security',
          'x-content-type-options',
          'x-frame-options',
          'cross-origin-resource-policy',
          'cross-origin-opener-policy',
          'referrer-policy',
          'x-dns-prefetch-control',
          'x-powered-by',
        ].map((name) => [name, answer.headers.get(name)]),
      );
    const json = {
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': null,
      'referrer-policy': null,
      'x-dns-prefetch-control': null,
      'x-powered-by': null,
    };
    for (const path of [
      '/api/games/search?name=zelda',
      '/api/games/all?page=0',
      '/api/games/0',
      '/health/live',
    ]) {
      const answer = await fetch(`${production.baseUrl}${path}`);
      expect({ path, headers: securityHeaders(answer) }).toEqual({ path, headers: json });
    }
    const page = securityHeaders(await fetch(`${production.baseUrl}/`));
    expect(page['content-security-policy']).toContain("script-src 'self'");
    expect(page).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-dns-prefetch-control': 'off',
      'x-powered-by': null,
    });
  });

  it('API docs: public in development with the page CSP; off in production; behind the admin token if asked', async () => {
    const development = await start({ NODE_ENV: 'development' });
    const page = await fetch(`${development.baseUrl}/`);
    const docs = await fetch(`${development.baseUrl}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui-init.js');
    const pagePolicy = page.headers.get('content-security-policy');
    expect(pagePolicy).toContain("script-src 'self'");
    expect(docs.headers.get('content-security-policy')).toBe(pagePolicy);
    const init = await fetch(`${development.baseUrl}/api/docs/swagger-ui-init.js`);
    expect(init.headers.get('content-security-policy')).toBe(pagePolicy);
    expect((await fetch(`${development.baseUrl}/api/docs/openapi.json`)).status).toBe(200);

    const production = await start({ NODE_ENV: 'production' });
    for (const path of ['/api/docs', '/api/docs/openapi.json', '/api/docs/swagger-ui-init.js']) {
      const answer = await fetch(`${production.baseUrl}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
    }

    const guarded = await start({ NODE_ENV: 'production', API_DOCS: 'admin' });
    const anonymous = await fetch(`${guarded.baseUrl}/api/docs/openapi.json`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe(ADMIN_UNAUTHORIZED_MESSAGE);
    const forged = await fetch(`${guarded.baseUrl}/api/docs`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(forged.status).toBe(401);
    const check = await call(guarded, 'POST', '/api/auth/check-password', {
      body: { password: guarded.env.ADMIN_PASSWORD },
    });
    const adminToken = (check.json() as { token: string }).token;
    const allowed = await fetch(`${guarded.baseUrl}/api/docs`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(allowed.status).toBe(200);
    const guardedPage = await fetch(`${guarded.baseUrl}/`);
    expect(allowed.headers.get('content-security-policy')).toBe(
      guardedPage.headers.get('content-security-policy'),
    );
  });
});
