import 'reflect-metadata';
import pg from 'pg';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../api/src/auth/auth-throttler.guard.js';
import {
  DEVICE_COOKIE,
  UNDER_ATTACK_MESSAGE,
  UNTRUSTED_CLIENTS_POLICY,
} from '../../api/src/auth/login-limits.service.js';
import { TOO_MANY_WRITES_MESSAGE } from '../../api/src/rate-limits/user-write-limit.guard.js';
import { freePort } from '@veredicto/runtime/embedded-postgres.js';
import { call, freshIp, userWithToken } from '../support/accounts.js';
import { startTestApi, testProcessEnv, type TestApi } from '../support/api-app.js';
import { startProcess, type RunningProcess } from '../support/processes.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { testEnv } from '../support/test-env.js';

/** The limit the test runs with (USER_WRITES_PER_MINUTE, 30 by default): small, so the test is quick. */
const USER_WRITES_PER_MINUTE = 12;

interface Answer {
  status: number;
  message: string;
}

async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  ip: string,
  token?: string,
  deviceCookie?: string,
): Promise<Answer & { deviceCookie?: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const device = response.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  const text = await response.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { message: string }).message;
  } catch {
    // plain text
  }
  return {
    status: response.status,
    message,
    ...(device ? { deviceCookie: decodeURIComponent(device.split(';')[0].split('=')[1]) } : {}),
  };
}

/** A confirmed account with a known password, made through the API of the first process. */
async function accountWithPassword(api: { baseUrl: string }, db: pg.Client, password: string) {
  const username = `limite_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const registered = await post(
    api.baseUrl,
    '/api/auth/register',
    { email: `${username}@example.com`, username, password },
    freshIp(),
  );
  expect(registered.status).toBe(201);
  await db.query('update users set confirmed_at = now() where username = $1', [username]);
  return username;
}

/**
 * 40 wrong passwords from 40 addresses, spread over the given API processes: each address has its own
 * count, and all unknown clients share the account's allowance (20), past which they are held back. The
 * owner's browser, which logged in before, is not: it gets in at once.
 */
async function rotatingGuesses(urls: string[], db: pg.Client) {
  const username = await accountWithPassword({ baseUrl: urls[0] }, db, 'la-buena-contraseña');
  const known = await post(
    urls[0],
    '/api/auth/login',
    { username, password: 'la-buena-contraseña' },
    freshIp(),
  );
  expect(known.status).toBe(200);
  const answers: Answer[] = [];
  for (let guess = 0; guess < 40; guess++) {
    answers.push(
      await post(
        urls[guess % urls.length],
        '/api/auth/login',
        { username, password: `mala-${guess}` },
        freshIp(),
      ),
    );
  }
  const judged = answers.filter((answer) => answer.status === 401);
  const held = answers.filter((answer) => answer.status === 429);
  expect(judged.length + held.length).toBe(40);
  // The shared allowance, then at most a few more as the first short delays pass.
  expect(judged.length).toBeGreaterThanOrEqual(UNTRUSTED_CLIENTS_POLICY.freeFailures);
  expect(judged.length).toBeLessThanOrEqual(UNTRUSTED_CLIENTS_POLICY.freeFailures + 3);
  for (const answer of held) expect(answer.message).toBe(UNDER_ATTACK_MESSAGE);

  // An unknown client with the right password is held back too (it may ask for an e-mailed link)…
  const unknown = await post(
    urls[urls.length - 1],
    '/api/auth/login',
    { username, password: 'la-buena-contraseña' },
    freshIp(),
  );
  expect([unknown.status, unknown.message]).toEqual([429, UNDER_ATTACK_MESSAGE]);
  // …but the owner's browser gets in, on either process.
  for (const url of urls) {
    const owner = await post(
      url,
      '/api/auth/login',
      { username, password: 'la-buena-contraseña' },
      freshIp(),
      undefined,
      known.deviceCookie,
    );
    expect(owner.status).toBe(200);
  }
}

// With Redis (REDIS_URL's, or else a Redis server of the test's own: the test fails without one) the counts
// live there; without it (the embedded run, one API process per core) in PostgreSQL.
describe.each([
  { backend: 'redis', store: 'Redis' },
  { backend: 'postgres', store: 'PostgreSQL (no Redis)' },
] as const)('rate limits across two API processes sharing $store', ({ backend }) => {
  const processes: RunningProcess[] = [];
  const urls: string[] = [];
  let db: pg.Client;
  let ownRedis: TestRedis | undefined;

  beforeAll(async () => {
    if (backend === 'redis' && !testEnv().redisUrl) ownRedis = await startTestRedis();
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    for (let index = 0; index < 2; index++) {
      const port = await freePort();
      const env = testProcessEnv(backend, {
        PORT: String(port),
        HOST: '127.0.0.1',
        QUEUE_PREFIX: `${testEnv().queuePrefix}_limits_${backend}`,
        USER_WRITES_PER_MINUTE: String(USER_WRITES_PER_MINUTE),
        ...(ownRedis ? { REDIS_URL: ownRedis.url } : {}),
      });
      processes.push(await startProcess('api', env));
      urls.push(`http://127.0.0.1:${port}`);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop()));
    await db?.end();
    await ownRedis?.stop();
  });

  it('the per-IP login limit counts the requests of both processes together', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let attempt = 0; attempt < 14; attempt++) {
      // A different name each time: only the per-IP limit (10 a minute) is at stake here.
      const answer = await post(
        urls[attempt % 2],
        '/api/auth/login',
        { username: `nadie_${attempt}_${ip}`, password: 'x' },
        ip,
      );
      statuses.push(answer.status);
      if (answer.status === 429) messages.add(answer.message);
    }
    // Counted in each process alone, each would allow 10: 14 requests would all be judged (401).
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect([...messages]).toEqual([TOO_MANY_ATTEMPTS_MESSAGE]);
  });

  it('the per-account limit holds across rotating addresses and both processes', async () => {
    await rotatingGuesses(urls, db);
  }, 120_000);

  it('a user writing through both processes is limited once, per user, in Spanish', async () => {
    const username = await accountWithPassword({ baseUrl: urls[0] }, db, 'una-clave-larga');
    const login = await fetch(`${urls[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ username, password: 'una-clave-larga' }),
    });
    const { token } = (await login.json()) as { token: string };
    const answers: Answer[] = [];
    for (let list = 0; list <= USER_WRITES_PER_MINUTE; list++) {
      answers.push(
        await post(urls[list % 2], '/api/user/gamelist', { name: `Lista ${list}` }, freshIp(), token),
      );
    }
    expect(answers.slice(0, USER_WRITES_PER_MINUTE).every((answer) => answer.status < 300)).toBe(true);
    expect(answers[USER_WRITES_PER_MINUTE]).toEqual({ status: 429, message: TOO_MANY_WRITES_MESSAGE });
  });
});

// The per-account limit without Redis: the PostgreSQL case of the two processes above.
describe('rate limits of one API process without Redis', () => {
  let api: TestApi;
  let db: pg.Client;

  beforeAll(async () => {
    api = await startTestApi('postgres', { USER_WRITES_PER_MINUTE: String(USER_WRITES_PER_MINUTE) });
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await db?.end();
  });

  it('writes are limited per user with a Spanish 429', async () => {
    const user = await userWithToken(api, db);
    const statuses: number[] = [];
    let message = '';
    for (let list = 0; list <= USER_WRITES_PER_MINUTE; list++) {
      // A new address each time: the limit is the user's, not the IP's.
      const answer = await call(api, 'POST', '/api/user/gamelist', {
        token: user.token,
        body: { name: `Lista ${list}` },
      });
      statuses.push(answer.status);
      if (answer.status === 429) message = (answer.json() as { message: string }).message;
    }
    expect(statuses.slice(0, USER_WRITES_PER_MINUTE).every((status) => status < 300)).toBe(true);
    expect(statuses[USER_WRITES_PER_MINUTE]).toBe(429);
    expect(message).toBe(TOO_MANY_WRITES_MESSAGE);
    // Another user is not affected.
    const other = await userWithToken(api, db);
    expect(
      (await call(api, 'POST', '/api/user/gamelist', { token: other.token, body: { name: 'Mía' } })).status,
    ).toBeLessThan(300);
  }, 60_000);
});
