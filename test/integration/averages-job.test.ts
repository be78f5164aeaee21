import 'reflect-metadata';
import pg from 'pg';
import { JobGateway, JobName } from '@veredicto/jobs';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame, createUser, rate } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

const backends: ('postgres' | 'redis')[] = testEnv().redisUrl ? ['postgres', 'redis'] : ['postgres'];

describe.each(backends)('recalculate-average through the %s queue backend', (backend) => {
  let api: TestApi;
  let workers: RunningProcess;
  let db: pg.Client;

  beforeAll(async () => {
    api = await startTestApi(backend);
    workers = await startProcess('workers', api.env);
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
  });

  const stored = async (gameId: number) =>
    (
      await db.query(
        `select av_user_ratings, user_rating_count, av_ratings, critic_review_count from games where id = $1`,
        [gameId],
      )
    ).rows[0];

  it('the worker process recomputes the averages from the source rows', async () => {
    const game = await createGame(db);
    const scores = [90, 71, 84, 55];
    for (const score of scores) await rate(db, (await createUser(db)).id, game.id, score);
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, dedupe_key) values ($1, 'Vandal', 88, 'a'), ($1, 'Meristation', 79, 'b'), ($1, 'Sin nota', null, 'c')`,
      [game.id],
    );

    const { jobId } = await api.app.get(JobGateway).enqueue(JobName.RecalculateAverage, { gameId: game.id });
    expect(jobId).toBeTruthy();

    const row = await waitFor(
      async () => {
        const current = await stored(game.id);
        return current.user_rating_count === scores.length ? current : undefined;
      },
      { what: 'the worker to update the game' },
    );
    // round(avg) of 90, 71, 84, 55 = 75 ; of 88, 79 = 83.5 → 84 (the unscored review is not averaged)
    expect(row).toEqual({
      av_user_ratings: 75,
      user_rating_count: 4,
      av_ratings: 84,
      critic_review_count: 2,
    });

    const truth = await db.query(
      `select round(avg(score))::int as average, count(*)::int as total from ratings where game_id = $1`,
      [game.id],
    );
    expect(row.av_user_ratings).toBe(truth.rows[0].average);

    // Idempotent: running it again changes nothing.
    const producer = api.app.get(JobGateway);
    const again = await producer.enqueue(JobName.RecalculateAverage, { gameId: game.id });
    await waitFor(
      async () =>
        ['completed', 'unknown'].includes(await producer.queue(again.queue).getJobState(again.jobId)) ||
        undefined,
      {
        what: 'the second job',
      },
    );
    expect(await stored(game.id)).toEqual(row);
  });

  it('a rating committed while a recalculation runs is not lost', async () => {
    const game = await createGame(db);
    const producer = api.app.get(JobGateway);
    for (let index = 0; index < 20; index++) {
      await rate(db, (await createUser(db)).id, game.id, 40 + index);
      await producer.enqueue(JobName.RecalculateAverage, { gameId: game.id });
    }
    const truth = (
      await db.query(`select round(avg(score))::int as average from ratings where game_id = $1`, [game.id])
    ).rows[0].average;
    await waitFor(
      async () => {
        const current = await stored(game.id);
        return current.user_rating_count === 20 && current.av_user_ratings === truth;
      },
      { what: 'the last rating to be counted' },
    );
  });
});
