import 'reflect-metadata';
import type { ServerResponse } from 'node:http';
import pg from 'pg';
import { JobGateway, JobName, QueueName } from '@veredicto/jobs';
import { userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { adminToken, call, fixture, LocalSite } from '../support/local-site.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

/**
 * Issue 29, item 3: a worker's SIGTERM while a scrape waits 20 s for a slow site and a recalculation is
 * running. The scrape's fetch is aborted at once and its job handed back to the queue (not failed); the
 * replacement worker (started before the SIGTERM, as a Kubernetes rolling update does) runs it once and
 * averages new ratings meanwhile; the old worker lets its recalculation finish and exits by itself, with
 * code 0, before the grace period is over (when Kubernetes would SIGKILL it). On both queue backends.
 */
describe.each(['redis', 'postgres'] as const)('a worker stopped under work (%s queues)', (backend) => {
  const graceMs = 25_000;
  const site = new LocalSite();
  const page = fixture('reviews/metacritic-critic-reviews.html');
  const pageHits: { aborted: boolean }[] = [];
  const heldAnswers: ServerResponse[] = [];
  let api: TestApi;
  let db: pg.Pool;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    if (backend === 'redis' && !testEnv().redisUrl) {
      throw new Error('REDIS_URL is not set: the Redis half of the fault tests cannot run');
    }
    // The first request of the page answers after 20 s; later ones at once.
    site.handle('/critica-lenta', (request, response) => {
      const hit = { aborted: false };
      pageHits.push(hit);
      response.once('close', () => (hit.aborted = !response.writableFinished));
      if (pageHits.length > 1) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
        return;
      }
      heldAnswers.push(response);
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
      }, 20_000).unref();
    });
    await site.start();
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 3 });
    api = await startTestApi(backend, {
      QUEUE_PREFIX: `${testEnv().queuePrefix}_stop_${backend}`,
      USER_WRITES_PER_MINUTE: '1000000',
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    for (const answer of heldAnswers) answer.destroy();
    await api?.close();
    await db?.end();
    await site.close();
  }, 30_000);

  const truthIsStored = async (gameId: number) =>
    (
      await db.query(
        `select g.av_user_ratings = (select round(avg(score))::int from ratings where game_id = g.id) as right
           from games g where g.id = $1`,
        [gameId],
      )
    ).rows[0].right === true;

  it('hands the scrape back at once, finishes the recalculation, exits 0 within the grace; the scrape runs once after', async () => {
    const gateway = api.app.get(JobGateway);
    const workerEnv = { ...api.env, WORKER_SHUTDOWN_GRACE_MS: String(graceMs) };
    const old = await startProcess('workers', workerEnv);
    workers.push(old);

    // A recalculation that lasts until the test lets it: its game's row is held.
    const held = await createGame(db);
    const holder = await db.connect();
    await holder.query('begin');
    await holder.query('select 1 from games where id = $1 for no key update', [held.id]);
    const recalculation = await gateway.enqueue(JobName.RecalculateAverage, { gameId: held.id });
    await waitFor(
      async () => (await gateway.queue(QueueName.Averages).getJobState(recalculation.jobId)) === 'active',
      { what: 'the recalculation to start' },
    );

    // A scrape whose page takes 20 s.
    const scraped = await createGame(db);
    const token = await adminToken(api.baseUrl, api.env.ADMIN_PASSWORD);
    const asked = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
      token,
      form: { url: site.url('/critica-lenta'), igdbId: String(scraped.igdbId) },
    });
    expect(asked.status).toBe(202);
    await waitFor(async () => pageHits.length === 1, { what: 'the scrape to fetch the slow page' });

    // The replacement worker is up before the old one is told to stop.
    workers.push(await startProcess('workers', workerEnv));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      old.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const signalledAt = Date.now();
    old.child.kill('SIGTERM');
    // Kubernetes' SIGKILL at the end of the grace period.
    const kubelet = setTimeout(() => old.child.kill('SIGKILL'), graceMs);

    // The fetch is aborted (the socket closed long before the page's 20 s), the job handed back and run
    // once by the replacement, from a second request of the page.
    const scrapeJob = await waitFor(
      async () => {
        const job = await gateway.queue(QueueName.Scraping).getJob(asked.body.jobId);
        if ((await job?.getState()) === 'failed') throw new Error(`scrape failed: ${job?.failedReason}`);
        return (await job?.getState()) === 'completed' ? job : undefined;
      },
      { timeoutMs: 60_000, what: 'the scrape to complete on the replacement worker' },
    );
    expect(pageHits).toEqual([{ aborted: true }, { aborted: false }]);
    expect(scrapeJob!.failedReason ?? null).toBeNull();
    expect(scrapeJob!.stalledCounter).toBe(0);
    expect(scrapeJob!.returnvalue).toMatchObject({ reviewsImported: expect.any(Number), via: 'http' });
    expect(
      (await db.query('select count(*)::int as n from media_reviews where game_id = $1', [scraped.id]))
        .rows[0].n,
    ).toBeGreaterThan(0);

    // Ratings keep being averaged while the old worker still finishes its recalculation.
    const rated = await createGame(db);
    const user = await userWithToken(api, db);
    const rating = await call(api.baseUrl, 'POST', '/api/user/rating', {
      token: user.token,
      json: { gameId: rated.igdbId, score: 73 },
    });
    expect(rating.status).toBe(200);
    await waitFor(() => truthIsStored(rated.id), { what: 'the new rating to be averaged' });
    expect(old.child.exitCode).toBeNull();

    // Its recalculation over, the old worker stops by itself.
    await holder.query('rollback');
    holder.release();
    const exit = await exited;
    clearTimeout(kubelet);
    const recalculated = await gateway.queue(QueueName.Averages).getJob(recalculation.jobId);
    process.stdout.write(
      `RELIABILITY ${JSON.stringify({
        name: `worker-sigterm-${backend}`,
        exitMs: Date.now() - signalledAt,
        graceMs,
        exit,
        scrapeAttemptsStarted: scrapeJob!.attemptsStarted,
      })}\n`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await recalculated!.getState()).toBe('completed');
    expect([recalculated!.attemptsStarted, recalculated!.stalledCounter]).toEqual([1, 0]);
    // Only the replacement's request after the abort: the old worker began no fetch after giving up.
    expect(pageHits).toHaveLength(2);
  }, 120_000);
});
