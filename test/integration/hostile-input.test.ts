import 'reflect-metadata';
import { freshIp, registerConfirmAndLogin } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';

/**
 * "No 500 from user input": every route of the API, public, crítico and admin, with hostile path
 * parameters, query strings and bodies. Each answer must be a client error or a success, and every error
 * a JSON or plain-text Spanish message, never a stack trace or the generic 500 text.
 */
describe('hostile input never causes a 500', () => {
  let api: TestApi;
  let user: string;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi('postgres');
    user = (await registerConfirmAndLogin(api)).token;
    const check = await send('POST', '/api/auth/check-password', {
      json: { password: api.env.ADMIN_PASSWORD },
    });
    admin = (JSON.parse(check.text) as { token: string }).token;
  }, 60_000);

  afterAll(() => api?.close());

  interface Sent {
    status: number;
    text: string;
    contentType: string;
  }

  async function send(
    method: string,
    path: string,
    options: { json?: unknown; raw?: string; type?: string; token?: string } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = { 'x-forwarded-for': freshIp() };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] = options.type ?? 'application/json';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${api.baseUrl}${path}`, { method, headers, body });
    return {
      status: response.status,
      text: await response.text(),
      contentType: response.headers.get('content-type') ?? '',
    };
  }

  const PARAMS = [
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    'abc',
    '%00',
    '%E2%82%AC',
    '..%2F..%2Fetc%2Fpasswd',
    '%27%20or%201%3D1--',
    'x'.repeat(3000),
  ];
  const QUERIES = [
    'page=1&page=2',
    'page[]=1',
    'page[a]=1',
    'size=1e999',
    'size=-0',
    'platform=__proto__',
    'sortBy=constructor',
    'name=%00',
    'name[]=zelda',
    `name=${'%C3%B1'.repeat(300)}`,
    'name=%25%25%25',
    'token[]=a',
    'token=%00',
  ];
  const BODIES: { raw: string; type?: string }[] = [
    { raw: 'null' },
    { raw: '[]' },
    { raw: '"texto"' },
    { raw: '{}' },
    { raw: '{' },
    { raw: '{"gameId":{"$gt":0},"score":"NaN","name":["a"],"username":{"x":1},"password":[1]}' },
    { raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    { raw: '{"gameId":1e400,"score":-1e400,"review":null,"content":1,"gameIds":"1,2"}' },
    { raw: `{"review":"${'a'.repeat(150_000)}"}` },
    { raw: 'url=%00&igdbId=abc', type: 'application/x-www-form-urlencoded' },
    { raw: 'url[]=x&igdbId[a]=1', type: 'application/x-www-form-urlencoded' },
    { raw: '<xml/>', type: 'application/xml' },
    { raw: 'texto', type: 'text/plain' },
  ];

  // Every route; `:p` is replaced by each hostile parameter.
  const ROUTES: [method: string, path: string, who: 'anon' | 'user' | 'admin'][] = [
    ['GET', '/api/games/all', 'anon'],
    ['GET', '/api/games/search', 'anon'],
    ['GET', '/api/games/suggest', 'anon'],
    ['GET', '/api/games/best', 'anon'],
    ['GET', '/api/games/bestGame', 'anon'],
    ['GET', '/api/games/:p', 'anon'],
    ['GET', '/api/games/avRating/:p', 'anon'],
    ['GET', '/api/games/reviews/pro/:p', 'anon'],
    ['GET', '/api/games/reviews/users/:p', 'anon'],
    ['GET', '/api/news/all', 'anon'],
    ['GET', '/api/news/:p', 'anon'],
    ['GET', '/api/auth/confirm', 'anon'],
    ['POST', '/api/auth/register', 'anon'],
    ['POST', '/api/auth/login', 'anon'],
    ['POST', '/api/auth/resend-confirmation', 'anon'],
    ['POST', '/api/auth/check-password', 'anon'],
    ['GET', '/api/user/me', 'user'],
    ['PUT', '/api/user/update-profile', 'user'],
    ['GET', '/api/user/reviews', 'user'],
    ['GET', '/api/user/reviews/count', 'user'],
    ['POST', '/api/user/reviews', 'user'],
    ['PUT', '/api/user/reviews/:p', 'user'],
    ['DELETE', '/api/user/reviews/:p', 'user'],
    ['POST', '/api/user/rating', 'user'],
    ['GET', '/api/user/gamelist', 'user'],
    ['POST', '/api/user/gamelist', 'user'],
    ['POST', '/api/user/gamelist/addGame', 'user'],
    ['DELETE', '/api/user/gamelist/:p', 'user'],
    ['DELETE', '/api/user/gamelist/:p/game/:p', 'user'],
    ['GET', '/api/user/:p/games', 'user'],
    ['GET', '/api/user/games', 'user'],
    ['PUT', '/api/user/games/:p/status', 'user'],
    ['GET', '/api/user/games/:p/status', 'user'],
    ['DELETE', '/api/user/games/:p/status', 'user'],
    ['POST', '/api/user/games/:p/sessions', 'user'],
    ['GET', '/api/user/games/:p/sessions', 'user'],
    ['DELETE', '/api/user/games/:p/sessions/:p', 'user'],
    ['PUT', '/api/user/privacy', 'user'],
    ['GET', '/api/user/feed', 'user'],
    ['GET', '/api/user/circle/:p', 'user'],
    ['GET', '/api/users/:p', 'anon'],
    ['PUT', '/api/users/:p/follow', 'user'],
    ['DELETE', '/api/users/:p/follow', 'user'],
    ['POST', '/api/news/scraper', 'admin'],
    ['DELETE', '/api/news/:p', 'admin'],
    ['POST', '/api/games/scraper/game', 'admin'],
    ['POST', '/api/games/best/:p', 'admin'],
    ['GET', '/api/admin/jobs/:p/:p', 'admin'],
    ['GET', '/api/admin/feeds', 'admin'],
    ['POST', '/api/admin/feeds', 'admin'],
    ['DELETE', '/api/admin/feeds/:p', 'admin'],
    ['GET', '/api/admin/search-misses', 'admin'],
    ['DELETE', '/api/admin/search-misses/:p', 'admin'],
    ['GET', '/api/admin/games/:p/aliases', 'admin'],
    ['POST', '/api/admin/games/:p/aliases', 'admin'],
    ['DELETE', '/api/admin/games/:p/aliases/:p', 'admin'],
    ['GET', '/game/:p/:p', 'anon'],
    ['GET', '/sitemaps/:p', 'anon'],
    ['GET', '/u/:p', 'anon'],
  ];

  function expectClientError(request: string, answer: Sent): void {
    const problem =
      answer.status >= 500
        ? `answered ${answer.status}`
        : /Error: |at .*\.(js|ts):\d+|Internal server error/i.test(answer.text)
          ? 'leaked an internal error'
          : answer.status >= 400 && !/json|text\/plain|text\/html/.test(answer.contentType)
            ? `answered ${answer.contentType || 'no content type'}`
            : null;
    if (problem) throw new Error(`${request} ${problem}: ${answer.text.slice(0, 300)}`);
  }

  it('sweeps every route with hostile parameters, query strings and bodies', async () => {
    let requests = 0;
    for (const [method, template, who] of ROUTES) {
      const token = who === 'user' ? user : who === 'admin' ? admin : undefined;
      const paths = template.includes(':p')
        ? PARAMS.map((param) => template.replaceAll(':p', param))
        : [template];
      for (const path of paths) {
        for (const query of ['', ...QUERIES]) {
          const target = query ? `${path}?${query}` : path;
          expectClientError(`${method} ${target.slice(0, 120)}`, await send(method, target, { token }));
          requests += 1;
        }
        if (method === 'GET') continue;
        for (const body of BODIES) {
          const answer = await send(method, path, { ...body, token });
          expectClientError(`${method} ${path.slice(0, 80)} with ${body.raw.slice(0, 60)}`, answer);
          requests += 1;
        }
      }
    }
    expect(requests).toBeGreaterThan(3000);
    // The API is still up and answering after all of it.
    expect((await send('GET', '/health/ready')).status).toBe(200);
    // Some 4,500 requests since the diary's routes joined the sweep: minutes on a loaded two-core machine.
  }, 600_000);
});
