import 'reflect-metadata';
import pg from 'pg';
import { MetricsExporter } from '@veredicto/metrics';
import { call, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { startFakeFastly, type FakeCdn } from '../support/fake-cdn.js';
import { freePort } from '../support/free-port.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const backend = ONE_BACKEND;
const METRICS_TOKEN = 'token-de-metricas-de-prueba';

describe(`metrics and CDN headers and purges (${backend} queues, real worker process)`, () => {
  let cdn: FakeCdn;
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let workerMetricsPort: number;
  let db: pg.Pool;

  beforeAll(async () => {
    cdn = await startFakeFastly('servicio-prueba', 'clave-fastly');
    workerMetricsPort = await freePort();
    api = await startTestApi(backend, {
      METRICS_TOKEN,
      CDN_PROVIDER: 'fastly',
      CDN_API_URL: cdn.url,
      CDN_API_TOKEN: 'clave-fastly',
      CDN_ZONE_ID: 'servicio-prueba',
      WORKER_METRICS_PORT: String(workerMetricsPort),
    });
    workers = await startProcess('workers', api.env);
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 });
  }, 90_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    await cdn?.close();
  }, 30_000);

  const scrape = async (port: number, token = METRICS_TOKEN) =>
    fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const apiMetrics = async () => (await scrape(api.app.get(MetricsExporter).port!)).text();
  /** The value of the sample of `name` carrying all these labels (in whatever order prom-client writes them). */
  const sample = (text: string, name: string, labels: Record<string, string>) => {
    const line = text
      .split('\n')
      .find(
        (candidate) =>
          candidate.startsWith(`${name}{`) &&
          Object.entries(labels).every(([label, value]) => candidate.includes(`${label}="${value}"`)),
      );
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };

  it("exports the last reconciliation's figures and the outbox backlog", async () => {
    // The worker reconciles once at start; its report is then replaced by a known one.
    await waitFor(
      async () =>
        (await db.query(`select 1 from app_meta where key = 'reconciliation'`)).rowCount ? true : undefined,
      { what: "the worker's first reconciliation" },
    );
    const report = { at: '2026-11-24T03:00:00.000Z', checked: 4321, fixed: 3, gameIds: [1, 2, 3] };
    // A reconciliation of the worker may still be writing its own report (the schedule keeper queues one
    // whenever it finds its schedules gone): the known report is written again until a scrape shows it.
    const text = await waitFor(
      async () => {
        await db.query(`update app_meta set value = $1 where key = 'reconciliation'`, [
          JSON.stringify(report),
        ]);
        const scraped = await apiMetrics();
        return sample(scraped, 'veredicto_reconciliation_checked', { process: 'api' }) === 4321
          ? scraped
          : undefined;
      },
      { what: 'the known reconciliation report in /metrics' },
    );
    expect(sample(text, 'veredicto_reconciliation_fixed', { process: 'api' })).toBe(3);
    expect(sample(text, 'veredicto_reconciliation_checked', { process: 'api' })).toBe(4321);
    expect(sample(text, 'veredicto_reconciliation_timestamp_seconds', { process: 'api' })).toBe(
      Date.parse(report.at) / 1000,
    );
    // The backlog moves with the relay: only its presence and sign are stable here.
    expect(sample(text, 'veredicto_outbox_pending', { process: 'api' })).toBeGreaterThanOrEqual(0);
    expect(
      sample(text, 'veredicto_outbox_oldest_pending_seconds', { process: 'api' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('counts and times requests by route pattern, not by raw path', async () => {
    const game = await createGame(db);
    for (let i = 0; i < 3; i++)
      expect((await call(api, 'GET', `/api/games/${game.igdbId}`)).status).toBe(200);
    const text = await apiMetrics();
    const route = { method: 'GET', route: '/api/games/:id', status_code: '200', process: 'api' };
    expect(sample(text, 'http_requests_total', route)).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(`route="/api/games/${game.igdbId}"`);
    // Queue counts from BullMQ's export, once per family, and the database pool.
    expect(text.match(/^# TYPE bullmq_job_count gauge$/gm)).toHaveLength(1);
    for (const queue of ['averages', 'scraping', 'news']) {
      expect(text).toMatch(new RegExp(`^bullmq_job_count\\{queue="${queue}", state="waiting"\\} \\d+$`, 'm'));
    }
    expect(text).toMatch(
      /^veredicto_db_pool_connections\{server="primary",state="total",process="api"\} \d+$/m,
    );
  });

  it('answers repeated anonymous reads from the body compressed once, byte for byte, counted and timed like the rest', async () => {
    const game = await createGame(db);
    const path = `/api/games/${game.igdbId}`;
    const route = { route: '/api/games/:id', process: 'api' };
    const hitsBefore = sample(await apiMetrics(), 'veredicto_http_cache_hits_total', route) ?? 0;
    const read = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`${api.baseUrl}${path}`, {
        headers: { 'accept-encoding': 'gzip', ...headers },
      });
      return { headers: Object.fromEntries(response.headers), body: await response.text() };
    };
    // A worker's job that completes between the two reads (this file's worker runs the jobs the earlier
    // tests queued) drops the read cache and its copies: then the pair is read again.
    let [first, second, text] = [await read(), await read(), await apiMetrics()];
    for (let attempt = 1; attempt < 5; attempt++) {
      if ((sample(text, 'veredicto_http_cache_hits_total', route) ?? 0) > hitsBefore) break;
      [first, second, text] = [await read(), await read(), await apiMetrics()];
    }
    // The second answer's headers are the first's (CDN policy, security headers, encoding, Vary).
    const framing = ['date', 'transfer-encoding', 'content-length'];
    const without = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !framing.includes(name)));
    expect(without(second.headers)).toEqual(without(first.headers));
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(Number(second.headers['content-length'])).toBeGreaterThan(0);
    expect(second.body).toBe(first.body);
    expect(sample(text, 'veredicto_http_cache_hits_total', route)).toBeGreaterThanOrEqual(hitsBefore + 1);
    expect(
      sample(text, 'http_requests_total', { ...route, method: 'GET', status_code: '200' }),
    ).toBeGreaterThanOrEqual(2);

    // A signed-in visitor's reads are the same shared body, but never cached by a CDN: private.
    const user = await userWithToken(api, db);
    const signedIn = await read({ authorization: `Bearer ${user.token}` });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.body).toBe(first.body);
  });

  it('refuses a scrape without the token', async () => {
    expect((await scrape(api.app.get(MetricsExporter).port!, 'otro')).status).toBe(401);
    expect((await scrape(workerMetricsPort, 'otro')).status).toBe(401);
  });

  it('anonymous reads are CDN-cacheable under surrogate keys; signed-in and personal answers are private', async () => {
    const game = await createGame(db);
    const anonymous = await fetch(`${api.baseUrl}/api/games/${game.igdbId}`);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    // Stale-while-revalidate is for the CDN only: a browser must not show a copy from before a change.
    expect(anonymous.headers.get('cdn-cache-control')).toBe('max-age=60, stale-while-revalidate=300');
    expect(anonymous.headers.get('surrogate-control')).toBe('max-age=60, stale-while-revalidate=300');
    expect(anonymous.headers.get('surrogate-key')).toBe(`game-${game.igdbId}`);
    expect(anonymous.headers.get('cache-tag')).toBe(`game-${game.igdbId}`);
    expect(anonymous.headers.get('vary')).toMatch(/Authorization/);
    const news = await fetch(`${api.baseUrl}/api/news/all`);
    expect(news.headers.get('surrogate-key')).toBe('home');

    const user = await userWithToken(api, db);
    const signedIn = await fetch(`${api.baseUrl}/api/games/${game.igdbId}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('surrogate-key')).toBeNull();
    const missing = await fetch(`${api.baseUrl}/api/games/abc`);
    expect(missing.status).toBe(400);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it("a rating purges the game's keys and the listings at the CDN, batched; the worker's metrics show the jobs", async () => {
    const game = await createGame(db);
    const users = [await userWithToken(api, db), await userWithToken(api, db)];
    const before = cdn.purges.length;
    await Promise.all(
      users.map((user, index) =>
        call(api, 'POST', '/api/user/rating', {
          token: user.token,
          body: { gameId: game.igdbId, score: 60 + index },
        }),
      ),
    );
    const purged = await waitFor(
      async () => {
        const keys = cdn.purges.slice(before).flat();
        return keys.includes(`game-${game.igdbId}`) && keys.includes('home') ? keys : undefined;
      },
      { what: 'the purge at the fake CDN' },
    );
    // Two recalculations, one purge job per key while pending: each key went out once.
    expect(purged.filter((key) => key === `game-${game.igdbId}`)).toHaveLength(1);

    // The purge call reaches the CDN just before its job is marked completed.
    for (const job of ['recalculate-average', 'purge-cdn']) {
      const labels = { queue: 'averages', job, outcome: 'completed', process: 'workers' };
      const count = await waitFor(
        async () =>
          sample(
            await (await scrape(workerMetricsPort)).text(),
            'veredicto_job_duration_seconds_count',
            labels,
          ),
        { what: `the ${job} duration in the worker's metrics` },
      );
      expect(count).toBeGreaterThanOrEqual(1);
    }
  });
});
