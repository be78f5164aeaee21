import 'reflect-metadata';
import { request } from 'node:http';
import pg from 'pg';
import { READ_CACHE_LISTENER } from '../../api/src/common/read-cache-sync.js';
import { testProcessEnv } from '../support/api-app.js';
import { freePort } from '../support/free-port.js';
import { adminToken, call } from '../support/local-site.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

/** One request on a connection of its own (no keep-alive), so the kernel picks a process for each. */
const status = (port: number, path: string) =>
  new Promise<number>((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });

/** The requests a process has answered, from its /metrics. */
async function answered(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/**
 * `npm start` runs one API process per core on one port (API_PROCESSES, SO_REUSEPORT): both start on the
 * same PORT and the kernel gives each new connection to one of them; with API_PROCESSES=1 a second process
 * on a taken port fails to start, as it always did.
 */
describe('API processes sharing one port', () => {
  const processes: RunningProcess[] = [];

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((running) => running.stop()));
  });

  const env = (port: number, metricsPort: number, apiProcesses: number) =>
    testProcessEnv('postgres', {
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      API_PROCESSES: String(apiProcesses),
      QUEUE_PREFIX: `${testEnv().queuePrefix}_processes`,
    });

  it('two processes with API_PROCESSES=2 both answer on the port', async () => {
    const port = await freePort();
    const metricsPorts = [await freePort(), await freePort()];
    for (const metricsPort of metricsPorts) {
      processes.push(await startProcess('api', env(port, metricsPort, 2)));
    }
    const before = await Promise.all(metricsPorts.map(answered));
    const statuses = [];
    for (let index = 0; index < 60; index++)
      statuses.push(await status(port, '/api/games/all?page=0&size=1'));
    expect(new Set(statuses)).toEqual(new Set([200]));
    const after = await Promise.all(metricsPorts.map(answered));
    const each = after.map((count, index) => count - before[index]);
    expect(each.reduce((sum, count) => sum + count, 0)).toBe(60);
    // 60 connections spread by their address hash: one process alone would get them all with odds 2^-59.
    expect(Math.min(...each)).toBeGreaterThan(0);
  }, 120_000);

  it('a second process on a taken port fails to start when API_PROCESSES=1', async () => {
    const port = await freePort();
    processes.push(await startProcess('api', env(port, await freePort(), 1)));
    await expect(startProcess('api', env(port, await freePort(), 1))).rejects.toThrow(/EADDRINUSE/);
  }, 120_000);

  describe('a change through one process', () => {
    let db: pg.Client;
    const prefix = `${testEnv().queuePrefix}_cachesync`;

    beforeAll(async () => {
      db = new pg.Client({ connectionString: testEnv().databaseUrl });
      await db.connect();
    });

    afterAll(async () => {
      await db?.query(`delete from news_articles where link like 'https://sync.example/%'`);
      await db?.end();
    });

    /** An article written behind the API's back (as the news worker does). */
    const article = async () => {
      const slug = `sincronizada-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const { rows } = await db.query(
        `insert into news_articles (slug, title, link, medium, publication_date)
         values ($1, 'Noticia de la caché compartida', $2, 'Medio', now()) returning id`,
        [slug, `https://sync.example/${slug}`],
      );
      return Number(rows[0].id);
    };
    const listed = async (base: string) =>
      ((await call(base, 'GET', '/api/news/all')).body as { newID: number }[]).map((news) => news.newID);
    /** The pids of this environment's listening connections (this database's, not other files'). */
    const listeners = async () =>
      (
        await db.query(
          // This file's database only: other files' API processes (another worker's database) listen too.
          `select pid from pg_stat_activity
           where application_name = $1 and datname = current_database() and query like 'listen %'`,
          [READ_CACHE_LISTENER],
        )
      ).rows.map((row) => Number(row.pid));

    it('clears the read cache of the other process at once, and again after its listening connection is cut', async () => {
      // Two processes on ports of their own, so each request goes where the test says. A read cache of a
      // minute: without the announcement the second process would serve the deleted article for that long.
      const bases: string[] = [];
      const before = new Set(await listeners());
      for (let index = 0; index < 2; index++) {
        const port = await freePort();
        processes.push(
          await startProcess('api', {
            ...env(port, await freePort(), 1),
            QUEUE_PREFIX: prefix,
            READ_CACHE_TTL_MS: '60000',
          }),
        );
        bases.push(`http://127.0.0.1:${port}`);
      }
      const [first, second] = bases;
      const ours = await waitFor(
        async () => {
          const started = (await listeners()).filter((pid) => !before.has(pid));
          return started.length === 2 && started;
        },
        { what: 'both processes listening' },
      );
      const token = await adminToken(first, testProcessEnv('postgres').ADMIN_PASSWORD);

      // The listing cached on the second process, with the article in it.
      const id = await article();
      await waitFor(async () => (await listed(second)).includes(id), { what: 'the article listed' });
      expect(await listed(second)).toContain(id);
      expect((await call(first, 'DELETE', `/api/news/${id}`, { token })).status).toBe(204);
      await waitFor(async () => !(await listed(second)).includes(id), {
        timeoutMs: 3000,
        intervalMs: 20,
        what: 'the deleted article gone from the second process',
      });

      // The second process's listening connection cut: it listens again and hears the next change.
      await db.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [ours]);
      await waitFor(
        async () => {
          const now = (await listeners()).filter((pid) => !before.has(pid) && !ours.includes(pid));
          return now.length === 2;
        },
        { what: 'both processes listening again' },
      );
      const again = await article();
      await waitFor(async () => (await listed(second)).includes(again), { what: 'the article listed' });
      expect((await call(first, 'DELETE', `/api/news/${again}`, { token })).status).toBe(204);
      await waitFor(async () => !(await listed(second)).includes(again), {
        timeoutMs: 3000,
        intervalMs: 20,
        what: 'the second deleted article gone from the second process',
      });
    }, 120_000);
  });
});
