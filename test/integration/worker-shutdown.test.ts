import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import { fromRoot, loadConfig } from '@veredicto/config';
import { configureQueueConnection, JobGateway, QueueName } from '@veredicto/jobs';
import { freePort } from '@veredicto/runtime/embedded-postgres.js';
import { userWithToken } from '../support/accounts.js';
import { startTestApi, testProcessEnv, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { adminToken, call, fixture, LocalSite } from '../support/local-site.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

/**
 * Issue 29, item 3: a worker's SIGTERM while a scrape waits 20 s for a slow site. Ratings keep being
 * averaged (by another worker process serving the averages, as another pod does) while the stopping worker
 * waits; at the end of its jobs' share of the grace period it aborts the fetch, hands the job back to the
 * queue (not failed) and exits by itself with code 0, before the grace period is over (when Kubernetes
 * would SIGKILL it). Restarted, it runs the scrape once. On both queue backends.
 */
describe.each(['redis', 'postgres'] as const)('a worker stopped under work (%s queues)', (backend) => {
  // Running jobs get 12 s - WORKER_SHUTDOWN_RESERVE_MS (4 s): less than the page's 20 s.
  const graceMs = 12_000;
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

  it('averages go on, the fetch is aborted and its job handed back within the grace; the scrape runs once after the restart', async () => {
    const gateway = api.app.get(JobGateway);
    const workerEnv = { ...api.env, WORKER_SHUTDOWN_GRACE_MS: String(graceMs) };
    const [old, averages] = await Promise.all([
      startProcess('workers', workerEnv),
      startProcess('workers', { ...workerEnv, WORKER_QUEUES: 'averages' }),
    ]);
    workers.push(old, averages);

    // A scrape whose page takes 20 s (the page is Clair Obscur's: a page about another game yields nothing).
    const scraped = await createGame(db, { title: 'Clair Obscur: Expedition 33' });
    const token = await adminToken(api.baseUrl, api.env.ADMIN_PASSWORD);
    const asked = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
      token,
      form: { url: site.url('/critica-lenta'), igdbId: String(scraped.igdbId) },
    });
    expect(asked.status).toBe(202);
    await waitFor(async () => pageHits.length === 1, { what: 'the scrape to fetch the slow page' });

    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      old.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const signalledAt = Date.now();
    old.child.kill('SIGTERM');
    // Kubernetes' SIGKILL at the end of the grace period.
    const kubelet = setTimeout(() => old.child.kill('SIGKILL'), graceMs);

    // Ratings keep being averaged (by the other process) while the stopping worker still waits for its fetch.
    const rated = await createGame(db);
    const user = await userWithToken(api, db);
    const rating = await call(api.baseUrl, 'POST', '/api/user/rating', {
      token: user.token,
      json: { gameId: rated.igdbId, score: 73 },
    });
    expect(rating.status).toBe(200);
    await waitFor(() => truthIsStored(rated.id), { what: 'the new rating to be averaged' });
    expect(old.child.exitCode).toBeNull();
    expect(pageHits).toEqual([{ aborted: false }]);

    // It gives the fetch up (the socket closed long before the page's 20 s) and stops by itself.
    const exit = await exited;
    clearTimeout(kubelet);
    expect(exit).toEqual({ code: 0, signal: null });
    const exitMs = Date.now() - signalledAt;
    const handedBack = await gateway.queue(QueueName.Scraping).getJob(asked.body.jobId);
    expect(await handedBack!.getState()).toBe('waiting');
    expect(handedBack!.failedReason ?? null).toBeNull();
    expect(pageHits).toEqual([{ aborted: true }]);

    // Restarted, the worker runs the job once, from a second request of the page.
    const restartAt = Date.now();
    workers.push(await startProcess('workers', workerEnv));
    const restartMs = Date.now() - restartAt;
    const scrapeJob = await waitFor(
      async () => {
        const job = await gateway.queue(QueueName.Scraping).getJob(asked.body.jobId);
        if ((await job?.getState()) === 'failed') throw new Error(`scrape failed: ${job?.failedReason}`);
        // Read again once completed: the first read may predate its return value.
        return (await job?.getState()) === 'completed'
          ? gateway.queue(QueueName.Scraping).getJob(asked.body.jobId)
          : undefined;
      },
      { timeoutMs: 60_000, what: 'the scrape to complete after the restart' },
    );
    expect(pageHits).toEqual([{ aborted: true }, { aborted: false }]);
    expect(scrapeJob!.failedReason ?? null).toBeNull();
    expect(scrapeJob!.stalledCounter).toBe(0);
    expect(scrapeJob!.returnvalue).toMatchObject({ reviewsImported: expect.any(Number), via: 'http' });
    expect(
      (await db.query('select count(*)::int as n from media_reviews where game_id = $1', [scraped.id]))
        .rows[0].n,
    ).toBeGreaterThan(0);

    process.stdout.write(
      `RELIABILITY ${JSON.stringify({
        name: `worker-sigterm-${backend}`,
        exitMs,
        graceMs,
        restartMs,
        scrapeAfterRestartMs: Date.now() - restartAt - restartMs,
        exit,
        scrapeAttemptsStarted: scrapeJob!.attemptsStarted,
      })}\n`,
    );
  }, 120_000);
});

/**
 * Issue 45: Ctrl-C under `npm start` with its default graces while a scrape waits 40 s for a slow site. The
 * worker gives the job up at the end of its own grace (WORKER_SHUTDOWN_GRACE_MS, 25 s, minus the reserve)
 * and hands it back; the supervisor waits for that (the grace plus a margin) instead of SIGKILLing the
 * worker with the job still 'active' (its old fixed 20 s). On both queue backends.
 */
describe.each(['redis', 'postgres'] as const)(
  'npm start stopped with Ctrl-C under a long job (%s queues)',
  (backend) => {
    const site = new LocalSite();
    const page = fixture('reviews/metacritic-critic-reviews.html');
    const pageHits: { aborted: boolean }[] = [];
    const heldAnswers: ServerResponse[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'veredicto-ctrl-c-job-'));
    chmodSync(dataDir, 0o755);
    let npm: ChildProcess | undefined;
    let db: pg.Pool;

    beforeAll(async () => {
      site.handle('/critica-muy-lenta', (request, response) => {
        const hit = { aborted: false };
        pageHits.push(hit);
        response.once('close', () => (hit.aborted = !response.writableFinished));
        heldAnswers.push(response);
        setTimeout(() => {
          if (!response.destroyed) response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
        }, 40_000).unref();
      });
      await site.start();
      db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
    });

    afterAll(async () => {
      if (npm?.pid && npm.exitCode === null) {
        process.kill(-npm.pid, 'SIGKILL');
        await new Promise((resolve) => npm?.once('exit', resolve));
      }
      for (const answer of heldAnswers) answer.destroy();
      await db?.end();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    it('the worker hands the job back within its grace and nothing is SIGKILLed', async () => {
      const port = await freePort();
      const env = testProcessEnv(backend, { QUEUE_PREFIX: `${testEnv().queuePrefix}_ctrlc_${backend}` });
      let stdout = '';
      npm = spawn('npm', ['start', '--silent'], {
        cwd: fromRoot('.'),
        env: {
          ...process.env,
          ...env,
          // npm start's own defaults: production, its graces, one API process to spare the machine.
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PORT: String(port),
          API_PROCESSES: '1',
        },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      npm.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      npm.stderr?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      await waitFor(async () => stdout.includes('Veredicto is running') || undefined, {
        timeoutMs: 120_000,
        what: 'npm start to report the site running',
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n${stdout}`);
      });
      const baseUrl = `http://127.0.0.1:${port}`;
      const scraped = await createGame(db, { title: 'Clair Obscur: Expedition 33' });
      const token = await adminToken(baseUrl, env.ADMIN_PASSWORD);
      const asked = await call(baseUrl, 'POST', '/api/games/scraper/game', {
        token,
        form: { url: site.url('/critica-muy-lenta'), igdbId: String(scraped.igdbId) },
      });
      expect(asked.status).toBe(202);
      await waitFor(async () => pageHits.length === 1, { what: 'the scrape to fetch the slow page' });

      const exited = new Promise<number | null>((resolve) => npm!.once('exit', (code) => resolve(code)));
      const signalledAt = Date.now();
      process.kill(-npm.pid!, 'SIGINT');
      const code = await exited;
      const exitMs = Date.now() - signalledAt;

      expect(stdout).not.toContain('SIGKILL');
      expect(code).toBe(0);
      // Every request of the page was given up (the fetcher may have asked twice), none answered.
      expect(pageHits.length).toBeGreaterThan(0);
      expect(pageHits.every((hit) => hit.aborted)).toBe(true);
      // Handed back: waiting for the next start, not failed, not left active.
      const queue = configureQueueConnection(loadConfig(env, 'workers'));
      const scraping = new Queue(QueueName.Scraping, queue.options);
      try {
        const job = await scraping.getJob(asked.body.jobId);
        expect(await job!.getState()).toBe('waiting');
        expect(job!.failedReason ?? null).toBeNull();
      } finally {
        await scraping.close();
      }
      process.stdout.write(
        `RELIABILITY ${JSON.stringify({ name: `npm-start-ctrl-c-${backend}`, exitMs })}\n`,
      );
    }, 240_000);
  },
);
