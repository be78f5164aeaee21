import 'reflect-metadata';
import { JwtService } from '@nestjs/jwt';
import pg from 'pg';
import { ALL_QUEUES } from '@veredicto/jobs';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { call } from '../support/local-site.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

/** Worker processes, Chromium and retries make hooks and tests slower than Jest's default. */
const SLOW = 90_000;

describe('admin access', () => {
  let api: TestApi;
  let db: pg.Client;
  let token: string;
  const backend = ONE_BACKEND;

  beforeAll(async () => {
    // A prefix of its own: on Redis the per-IP limits are shared by every API of the prefix, and other
    // test files check the admin password from this same loopback address.
    api = await startTestApi(backend, { QUEUE_PREFIX: `${testEnv().queuePrefix}_admin` });
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  }, SLOW);

  afterAll(async () => {
    await api?.close();
    await db?.end();
  }, SLOW);

  it(
    'check-password answers 401 for a wrong password and an admin token for the right one',
    async () => {
      expect(
        await call(api.baseUrl, 'POST', '/api/auth/check-password', { json: { password: 'otra-cosa' } }),
      ).toMatchObject({
        status: 401,
        body: { statusCode: 401, message: 'Contraseña incorrecta' },
      });
      const { status, body } = await call(api.baseUrl, 'POST', '/api/auth/check-password', {
        form: { password: api.env.ADMIN_PASSWORD },
      });
      expect(status).toBe(200);
      token = body.token;
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(claims.scope).toBe('admin');
      expect(claims.exp - claims.iat).toBe(2 * 60 * 60);
    },
    SLOW,
  );

  const adminCalls: [string, string, { form?: Record<string, string>; json?: unknown }?][] = [
    ['POST', '/api/news/scraper', { form: { url: 'https://example.com/noticia' } }],
    ['DELETE', '/api/news/1'],
    ['POST', '/api/games/scraper/game', { form: { url: 'https://example.com/criticas', igdbId: '1' } }],
    ['GET', '/api/games/scraper'],
    ['POST', '/api/games/best/1', { form: { igdbId: '1', imageArt: '' } }],
    ['GET', '/api/admin/jobs/news/1'],
    ['GET', '/api/admin/feeds'],
    ['POST', '/api/admin/feeds', { json: { url: 'https://example.com/feed.xml' } }],
    ['DELETE', '/api/admin/feeds/1'],
    ['POST', '/api/admin/session'],
    ['GET', '/admin/queues'],
    ['GET', '/admin/queues/api/queues'],
  ];

  it(
    'refuses every admin call without a token, with a forged one or with a user-signed one',
    async () => {
      const secret = api.env.JWT_SECRET;
      const userSigned = await new JwtService({ secret }).signAsync(
        { scope: 'admin', sub: '1' },
        { expiresIn: 3600 },
      );
      const wrongKey = await new JwtService({ secret: 'otra-clave-otra-clave-otra-clave-otra' }).signAsync({
        scope: 'admin',
      });
      const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"scope":"admin"}').toString('base64url')}.`;
      const wrongScope = await new JwtService({ secret: `${secret}:admin` }).signAsync({ scope: 'user' });
      const expired = await new JwtService({ secret: `${secret}:admin` }).signAsync(
        { scope: 'admin' },
        { expiresIn: -10 },
      );
      for (const [method, path, body] of adminCalls) {
        for (const bad of [undefined, 'basura', userSigned, wrongKey, noneAlg, wrongScope, expired]) {
          const answer = await call(api.baseUrl, method, path, { ...body, token: bad });
          expect([method, path, bad, answer.status]).toEqual([method, path, bad, 401]);
          expect(answer.body).toEqual({ statusCode: 401, message: expect.any(String) });
        }
      }
    },
    SLOW,
  );

  it(
    'lets the admin token through',
    async () => {
      expect((await call(api.baseUrl, 'GET', '/api/admin/feeds', { token })).status).toBe(200);
      expect(await call(api.baseUrl, 'GET', '/api/admin/jobs/news/no-existe', { token })).toMatchObject({
        status: 404,
      });
      expect(await call(api.baseUrl, 'GET', '/api/admin/jobs/inventada/1', { token })).toMatchObject({
        status: 404,
        body: { message: 'Cola desconocida' },
      });
    },
    SLOW,
  );

  it(
    'opens the queue dashboard with the bearer token or the session cookie',
    async () => {
      expect((await call(api.baseUrl, 'GET', '/admin/queues/api/queues', { token })).status).toBe(200);
      const session = await call(api.baseUrl, 'POST', '/api/admin/session', { token });
      expect(session.status).toBe(204);
      const cookie = session.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^veredicto_admin=[^;]+;/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/admin\/queues/);
      const pair = cookie.split(';')[0];
      const page = await call(api.baseUrl, 'GET', '/admin/queues', { headers: { Cookie: pair } });
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain('<html');
      const queues = await call(api.baseUrl, 'GET', '/admin/queues/api/queues', {
        headers: { Cookie: pair },
      });
      expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(
        [...ALL_QUEUES].sort(),
      );
      // The cookie alone never opens the admin API.
      expect((await call(api.baseUrl, 'GET', '/api/admin/feeds', { headers: { Cookie: pair } })).status).toBe(
        401,
      );
    },
    SLOW,
  );

  it(
    'manages feeds',
    async () => {
      const created = await call(api.baseUrl, 'POST', '/api/admin/feeds', {
        token,
        json: { url: 'https://example.com/rss.xml' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        id: expect.any(Number),
        url: 'https://example.com/rss.xml',
        queue: 'news',
      });
      expect(
        (await call(api.baseUrl, 'POST', '/api/admin/feeds', { token, json: { url: 'file:///etc/passwd' } }))
          .status,
      ).toBe(400);
      expect((await call(api.baseUrl, 'GET', '/api/admin/feeds', { token })).body).toContainEqual(
        expect.objectContaining({
          id: created.body.id,
          url: 'https://example.com/rss.xml',
          lastFetchedAt: null,
        }),
      );
      expect(
        (await call(api.baseUrl, 'DELETE', `/api/admin/feeds/${created.body.id}`, { token })).status,
      ).toBe(204);
      expect(
        (await call(api.baseUrl, 'DELETE', `/api/admin/feeds/${created.body.id}`, { token })).status,
      ).toBe(404);
    },
    SLOW,
  );

  it(
    'marks the featured game',
    async () => {
      const game = await createGame(db, { title: 'Juego Destacado' });
      const saved = await call(api.baseUrl, 'POST', `/api/games/best/${game.igdbId}`, {
        token,
        form: { igdbId: String(game.igdbId), imageArt: 'https://images.example.com/arte.jpg' },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toBe('Juego marcado como el mejor con éxito');
      expect(saved.headers.get('content-type')).toMatch(/^text\/plain/);
      const { rows } = await db.query(`select game_id, image_art from featured_game`);
      expect(rows).toEqual([{ game_id: game.id, image_art: 'https://images.example.com/arte.jpg' }]);

      const other = await createGame(db);
      expect(
        (
          await call(api.baseUrl, 'POST', `/api/games/best/${other.igdbId}`, {
            token,
            form: { imageArt: '' },
          })
        ).status,
      ).toBe(200);
      expect((await db.query(`select game_id, image_art from featured_game`)).rows).toEqual([
        { game_id: other.id, image_art: null },
      ]);

      expect(
        (
          await call(api.baseUrl, 'POST', `/api/games/best/${other.igdbId}`, {
            token,
            form: { imageArt: 'javascript:alert(1)' },
          })
        ).status,
      ).toBe(400);
      expect(await call(api.baseUrl, 'POST', '/api/games/best/123456789', { token, form: {} })).toMatchObject(
        {
          status: 404,
          body: { message: 'Juego no encontrado' },
        },
      );
    },
    SLOW,
  );

  it(
    'rate limits the password check: 5 attempts a minute per IP',
    async () => {
      // Two attempts were made in the first test.
      for (let attempt = 3; attempt <= 5; attempt++) {
        expect(
          (await call(api.baseUrl, 'POST', '/api/auth/check-password', { json: { password: 'x' } })).status,
        ).toBe(401);
      }
      expect(
        await call(api.baseUrl, 'POST', '/api/auth/check-password', {
          json: { password: api.env.ADMIN_PASSWORD },
        }),
      ).toEqual(
        expect.objectContaining({
          status: 429,
          body: { statusCode: 429, message: 'Demasiados intentos. Inténtalo de nuevo en un minuto.' },
        }),
      );
    },
    SLOW,
  );
});
