import { randomUUID } from 'node:crypto';
import 'reflect-metadata';
import { JwtService } from '@nestjs/jwt';
import pg from 'pg';
import { claimsFor, TOKEN_ALGORITHM, TOKEN_LIFETIME_SECONDS } from '../../api/src/auth/token-claims.js';
import { prepareDatabase } from '../../api/src/prepare-database.js';
import { loadConfig } from '@veredicto/config';
import { QUEUE_OF, QueueName, SCHEDULES } from '@veredicto/jobs';
import { testProcessEnv } from '../support/api-app.js';
import { createGame, createUser } from '../support/factories.js';
import { startFakeFastly, type FakeCdn } from '../support/fake-cdn.js';
import { freePort } from '../support/free-port.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { endPool, startReplicaCluster, type ReplicaCluster } from '../support/replica-cluster.js';
import { QUEUE_BACKENDS, testEnv } from '../support/test-env.js';

/** 60 s by default, as the issue asks; SCALE_TEST_SECONDS shortens it for a quick local try. */
const LOAD_SECONDS = Number(process.env.SCALE_TEST_SECONDS ?? 60);
const RATERS = 6;
const ANONYMOUS_READERS = 6;

interface Api {
  process: RunningProcess;
  base: string;
  metrics: string;
}

/**
 * The production shape on one machine: two API processes and two worker processes on each queue backend,
 * a primary and a streaming replica (each at PostgreSQL's default 100 connections: BullMQ's PostgreSQL
 * backend holds its queues there too), and a CDN fake. Under a mixed load of
 * anonymous reads and ratings: no errors, every rating visible to its author at once on the other API
 * process, exact averages afterwards, and the queue depth in /metrics rising and falling.
 */
describe.each(QUEUE_BACKENDS)('two APIs, two workers, primary + streaming replica (%s queues)', (backend) => {
  let cluster: ReplicaCluster;
  let cdn: FakeCdn;
  const apis: Api[] = [];
  const workers: RunningProcess[] = [];
  let primary: pg.Pool;
  let env: Record<string, string>;

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    cdn = await startFakeFastly('servicio', 'clave-fastly');
    env = testProcessEnv(backend, {
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URLS: cluster.replicaUrl,
      QUEUE_PREFIX: `${testEnv().queuePrefix}_scale_${backend}`,
      CDN_PROVIDER: 'fastly',
      CDN_API_URL: cdn.url,
      CDN_API_TOKEN: 'clave-fastly',
      CDN_ZONE_ID: 'servicio',
      // Each rater sends far more than a person would: the per-user write limit is not under test here.
      USER_WRITES_PER_MINUTE: '1000000',
    });
    // The whole demo catalogue before the API starts (npm start completes it after listening).
    await (
      await prepareDatabase(loadConfig(env))
    )?.();
    primary = new pg.Pool({ connectionString: cluster.primaryUrl, max: 6 });
    for (let index = 0; index < 2; index++) {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const process = await startProcess('api', {
        ...env,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
      });
      apis.push({
        process,
        base: `http://127.0.0.1:${port}`,
        metrics: `http://127.0.0.1:${metricsPort}/metrics`,
      });
      workers.push(await startProcess('workers', { ...env, WORKER_METRICS_PORT: String(await freePort()) }));
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(apis.map((api) => api.process.stop()));
    if (primary) await endPool(primary);
    await cdn?.close();
    await cluster?.stop();
  }, 60_000);

  // A repeated job (the reconciliation) always has its next run waiting as a delayed job: the queue's
  // depth at rest is the number of its schedules, not zero.
  const AT_REST = SCHEDULES.filter((schedule) => QUEUE_OF[schedule.name] === QueueName.Averages).length;
  /** Jobs still to run in a family, as KEDA reads them: waiting + delayed + prioritized. */
  const queueDepth = async (api: Api, queue: string) => {
    const text = await (await fetch(api.metrics)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith(`bullmq_job_count{queue="${queue}"`))
      .filter((line) => /state="(waiting|delayed|prioritized)"/.test(line))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };

  it(
    `stays correct under ${LOAD_SECONDS} s of mixed reads and ratings`,
    async () => {
      // Tokens as the API issues them (AuthTokenService.issue), signed here without its session store.
      const signer = new JwtService({
        secret: env.JWT_SECRET,
        signOptions: { algorithm: TOKEN_ALGORITHM, expiresIn: TOKEN_LIFETIME_SECONDS },
      });
      // Each rater owns its games and accounts, so it knows exactly what the average must be after each rating.
      const raters: {
        games: Awaited<ReturnType<typeof createGame>>[];
        users: { id: number; token: string }[];
        scores: Map<string, number>;
      }[] = [];
      for (let index = 0; index < RATERS; index++) {
        const games = [await createGame(primary), await createGame(primary)];
        const users = [];
        for (let user = 0; user < 3; user++) {
          const created = await createUser(primary);
          users.push({
            ...created,
            token: await signer.signAsync(claimsFor({ id: created.id, tokenVersion: 0 }, randomUUID())),
          });
        }
        raters.push({ games, users, scores: new Map<string, number>() });
      }
      const catalogue = raters.flatMap((rater) => rater.games);
      await cluster.waitForCatchUp();

      const errors: string[] = [];
      const stale: string[] = [];
      let ratings = 0;
      let reads = 0;
      const deadline = Date.now() + LOAD_SECONDS * 1000;
      const depth: number[] = [];
      // The primary's client connections (the test's own pool of 6 included), for the README's sizing.
      let peakConnections = 0;
      const sampler = setInterval(() => {
        void queueDepth(apis[0], 'averages').then(
          (value) => depth.push(value),
          (error: unknown) => errors.push(`metrics: ${String(error)}`),
        );
        void primary
          .query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`,
          )
          .then(({ rows }) => (peakConnections = Math.max(peakConnections, rows[0].n)))
          .catch(() => undefined);
      }, 250);

      const rateLoop = async (rater: (typeof raters)[number], seed: number) => {
        let step = seed;
        while (Date.now() < deadline) {
          step++;
          const user = rater.users[step % rater.users.length];
          const game = rater.games[(step >> 1) % rater.games.length];
          const score = 10 + ((step * 37) % 90);
          const [writer, reader] = step % 2 ? [apis[0], apis[1]] : [apis[1], apis[0]];
          const posted = await fetch(`${writer.base}/api/user/rating`, {
            method: 'POST',
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ gameId: game.igdbId, score }),
          });
          if (posted.status !== 200) {
            errors.push(`POST rating ${posted.status}: ${await posted.text()}`);
            continue;
          }
          ratings++;
          rater.scores.set(`${user.id}:${game.id}`, score);
          const mine = [...rater.scores.entries()]
            .filter(([key]) => key.endsWith(`:${game.id}`))
            .map(([, value]) => value);
          const expected = Math.round(mine.reduce((sum, value) => sum + value, 0) / mine.length);
          const answer = (await posted.json()) as { avUserRatings: number };
          if (answer.avUserRatings !== expected)
            stale.push(`POST answered ${answer.avUserRatings}, expected ${expected}`);
          // The author's next read, on the other API process, carries the cookie the write set.
          const cookie = (posted.headers.get('set-cookie') ?? '').split(';')[0];
          const read = await fetch(`${reader.base}/api/games/avRating/${game.igdbId}`, {
            headers: { authorization: `Bearer ${user.token}`, cookie },
          });
          if (read.status !== 200) errors.push(`GET avRating ${read.status}`);
          else {
            const seen = (await read.json()) as number;
            if (seen !== expected) stale.push(`author read ${seen}, expected ${expected}`);
          }
        }
      };

      const paths = () => {
        const game = catalogue[Math.floor(Math.random() * catalogue.length)];
        return [
          '/api/games/all?page=0&size=20',
          `/api/games/${game.igdbId}`,
          `/api/games/avRating/${game.igdbId}`,
          '/api/news/all',
          '/api/games/last',
        ];
      };
      const readLoop = async (index: number) => {
        let step = index;
        while (Date.now() < deadline) {
          const list = paths();
          const path = list[step++ % list.length];
          const response = await fetch(`${apis[step % 2].base}${path}`);
          await response.arrayBuffer();
          if (response.status !== 200) errors.push(`GET ${path} ${response.status}`);
          reads++;
        }
      };

      await Promise.all([
        ...raters.map((rater, index) => rateLoop(rater, index * 7)),
        ...Array.from({ length: ANONYMOUS_READERS }, (_, index) => readLoop(index)),
      ]);

      // The queues drain after the load (the debounced CDN purges last ~1 s).
      await waitFor(async () => (await queueDepth(apis[1], 'averages')) === AT_REST, {
        timeoutMs: 30_000,
        what: 'the averages queue to drain',
      });
      depth.push(await queueDepth(apis[0], 'averages'));
      clearInterval(sampler);
      const { max_connections: allowed } = (await primary.query('show max_connections')).rows[0];
      console.log(
        `scale run (${backend} queues): at most ${peakConnections} of ${allowed} connections on the primary`,
      );

      expect(errors).toEqual([]);
      expect(stale).toEqual([]);
      expect(ratings).toBeGreaterThan(LOAD_SECONDS);
      expect(reads).toBeGreaterThan(ratings);
      // Rising and falling: jobs were pending at some point, and none are at the end.
      expect(Math.max(...depth)).toBeGreaterThan(AT_REST);
      expect(depth.at(-1)).toBe(AT_REST);

      // Averages are exact: every game's stored average is the rounded mean of its rows.
      const { rows } = await primary.query<{ id: number; stored: number | null; truth: number | null }>(
        `select g.id, g.av_user_ratings as stored, (select round(avg(r.score))::int from ratings r where r.game_id = g.id) as truth
       from games g where g.id = any($1::int[])`,
        [catalogue.map((game) => game.id)],
      );
      expect(rows).toHaveLength(catalogue.length);
      for (const row of rows) expect(row.stored).toBe(row.truth);
      // ... and anonymous visitors see them from the replica once it has caught up.
      await cluster.waitForCatchUp();
      for (const game of catalogue.slice(0, 4)) {
        const truth = rows.find((row) => Number(row.id) === game.id)!.truth;
        expect(await (await fetch(`${apis[0].base}/api/games/avRating/${game.igdbId}`)).json()).toBe(truth);
      }
      // The CDN was told about the rated games.
      const purged = new Set(cdn.purges.flat());
      for (const game of catalogue) expect(purged.has(`game-${game.igdbId}`)).toBe(true);
      console.log(
        `scale run (${backend} queues): ${ratings} ratings, ${reads} anonymous reads in ${LOAD_SECONDS} s; averages queue depth max ${Math.max(...depth)}; ${cdn.purges.length} purge calls`,
      );
    },
    (LOAD_SECONDS + 120) * 1000,
  );
});
