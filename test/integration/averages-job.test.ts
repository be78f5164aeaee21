import 'reflect-metadata';
import pg from 'pg';
import { JobGateway, JobName } from '@veredicto/jobs';
import { call } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame, createUser, rate } from '../support/factories.js';
import { insertRatingHistory, ordinaryHistory, type PastRating } from '../support/rating-history.js';
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
        `select av_user_ratings, user_rating_count, av_ratings, critic_review_count, critic_median, critic_histogram,
           spanish_press_average, spanish_press_count, player_histogram, player_rank_score
         from games where id = $1`,
        [gameId],
      )
    ).rows[0];

  it('the worker process recomputes the averages from the source rows', async () => {
    const game = await createGame(db);
    const scores = [90, 71, 84, 55];
    for (const score of scores) await rate(db, (await createUser(db)).id, game.id, score);
    // Outlets of this test only, with registry rows: three of the Spanish-language press, one not (one
    // outlet, one voice: four outlets make four reviews).
    const tag = `${game.id}`;
    await db.query(
      `insert into outlets (name, country, language) values ($1, 'ES', 'es'), ($2, 'MX', 'es'), ($3, 'GB', 'en'), ($4, 'ES', 'es')`,
      [`Prensa A ${tag}`, `Prensa B ${tag}`, `Press C ${tag}`, `Prensa D ${tag}`],
    );
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, dedupe_key) values
         ($1, $2, 88, 'a'), ($1, $3, 79, 'b'), ($1, $4, 95, 'c'), ($1, $5, 60, 'd'), ($1, $4, null, 'e')`,
      [game.id, `Prensa A ${tag}`, `Prensa B ${tag}`, `Press C ${tag}`, `Prensa D ${tag}`],
    );
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, link, dedupe_key)
       values ($1, $2, null, 'https://www.revista-nueva.es/analisis/1', 'f')`,
      [game.id, `Revista nueva ${tag}`],
    );

    const { jobId } = await api.app.get(JobGateway).enqueue(JobName.RecalculateAverage, { gameId: game.id });
    expect(jobId).toBeTruthy();

    const row = await waitFor(
      async () => {
        const current = await stored(game.id);
        // Both counts: the reconciliation a worker runs at start may have recomputed the game between
        // the ratings and the reviews inserted above.
        return current.user_rating_count === scores.length && current.critic_review_count === 4
          ? current
          : undefined;
      },
      { what: 'the worker to update the game' },
    );
    // round(avg) of 90, 71, 84, 55 = 75 ; of 88, 79, 95, 60 = 80.5 → 81 (the unscored review is not averaged);
    // median of 60, 79, 88, 95 = 83.5 → 84; Spanish press 88, 79, 60 → 75.67 → 76 (3 reviews: shown).
    expect(row).toEqual({
      av_user_ratings: 75,
      user_rating_count: 4,
      av_ratings: 81,
      critic_review_count: 4,
      critic_median: 84,
      critic_histogram: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
      spanish_press_average: 76,
      spanish_press_count: 3,
      player_histogram: [0, 0, 0, 0, 0, 1, 0, 1, 1, 1],
      // (4 · 75 + 10 · 70) / 14
      player_rank_score: expect.closeTo((90 + 71 + 84 + 55 + 700) / 14, 3),
    });
    // Each outlet's median over its reviews: A 88, B 79, C 95, D 60; every review is at least its
    // outlet's median → 4 of 4 = 100 %.
    // An outlet the registry did not know (a scraped review) got its row, from its link's domain.
    const { rows: registered } = await db.query(
      'select country, language, domain from outlets where name = $1',
      [`Revista nueva ${tag}`],
    );
    expect(registered).toEqual([{ country: 'ES', language: 'es', domain: 'revista-nueva.es' }]);
    const { rows: recommended } = await db.query(
      'select critic_percent_recommended from games where id = $1',
      [game.id],
    );
    expect(recommended[0].critic_percent_recommended).toBe(100);

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

  it('the hourly sweep of unusual activity flags a bomb of new accounts and leaves it out; dismissal brings it back', async () => {
    const ordinary = await createGame(db);
    const bombed = await createGame(db);
    // The same accounts rate both games over 90 days (the last of them yesterday: the sweep's two days).
    const history = ordinaryHistory(90, [ordinary.id]);
    // Forty ratings of 0-9 over two days from accounts created the day before.
    const bomb: PastRating[] = Array.from({ length: 40 }, (_, index) => ({
      daysAgo: index < 22 ? 3 : 2,
      accountDaysAgo: 4,
      score: index % 10,
    }));
    await insertRatingHistory(db, bombed.id, history);
    await insertRatingHistory(db, bombed.id, bomb);
    const mean = (scores: number[]) =>
      Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
    const counted = mean(history.map((rating) => rating.score));
    const everything = mean([...history, ...bomb].map((rating) => rating.score));
    expect(counted - everything).toBeGreaterThan(10);
    const figures = async (gameId: number) =>
      (
        await db.query(
          `select g.av_user_ratings as average,
             (select count(*)::int from ratings r where r.game_id = g.id and r.excluded_by_id is not null) as excluded
           from games g where g.id = $1`,
          [gameId],
        )
      ).rows[0] as { average: number | null; excluded: number };

    // What the schedule runs every hour, on this backend's queue: no rating of the two games goes through
    // the API, so only the sweep can find them.
    const producer = api.app.get(JobGateway);
    await producer.enqueue(JobName.DetectUnusualActivity, {});
    expect(
      await waitFor(
        async () => {
          const current = await figures(bombed.id);
          return current.excluded === 40 && current.average === counted ? current : undefined;
        },
        { what: 'the sweep to flag the bomb and recalculate the game', timeoutMs: 40_000 },
      ),
    ).toEqual({ average: counted, excluded: 40 });
    expect((await figures(ordinary.id)).excluded).toBe(0);
    const { rows: windows } = await db.query<{ id: number; status: string }>(
      'select id, status from unusual_activity_windows where game_id = $1',
      [bombed.id],
    );
    expect(windows.map((window) => window.status)).toEqual(['flagged']);
    expect(
      (
        await db.query('select count(*)::int as n from unusual_activity_windows where game_id = $1', [
          ordinary.id,
        ])
      ).rows[0].n,
    ).toBe(0);

    const login = await call(api, 'POST', '/api/auth/check-password', {
      body: { password: 'clave-de-administracion-de-prueba' },
    });
    const { token } = login.json() as { token: string };
    const dismissed = await call(api, 'POST', `/api/admin/unusual-activity/${windows[0].id}/dismiss`, {
      token,
    });
    expect([dismissed.status, dismissed.json()]).toEqual([
      200,
      { status: 'dismissed', avUserRatings: everything },
    ]);
    expect(await figures(bombed.id)).toEqual({ average: everything, excluded: 0 });
    // The next sweep leaves the dismissed days counted.
    const again = await producer.enqueue(JobName.DetectUnusualActivity, {});
    await waitFor(
      async () =>
        ['completed', 'unknown'].includes(await producer.queue(again.queue).getJobState(again.jobId)) ||
        undefined,
      { what: 'the second sweep' },
    );
    expect(await figures(bombed.id)).toEqual({ average: everything, excluded: 0 });
  }, 60_000);

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
