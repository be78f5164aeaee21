import 'reflect-metadata';
import pg from 'pg';
import { JobGateway, JobName, QueueName } from '@veredicto/jobs';
import { call } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame, createUser, rate } from '../support/factories.js';
import { insertRatingHistory, ordinaryHistory, type PastRating } from '../support/rating-history.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

// Both backends always: without REDIS_URL the Redis half fails (startTestApi says why), it is not skipped.
describe.each(['postgres', 'redis'] as const)(
  'recalculate-average through the %s queue backend',
  (backend) => {
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

      // As the scraper asks after storing media reviews: their outlets' figures are refreshed too.
      const { jobId } = await api.app
        .get(JobGateway)
        .enqueue(JobName.RecalculateAverage, { gameId: game.id, mediaReviews: true });
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

    it('the reconciliation repairs figures corrupted in PostgreSQL, and only those', async () => {
      const producer = api.app.get(JobGateway);
      const [rated, phantom, untouched] = [await createGame(db), await createGame(db), await createGame(db)];
      for (const score of [90, 70, 41]) await rate(db, (await createUser(db)).id, rated.id, score);
      // Four outlets, the critics' minimum for an average.
      const outlets = ['R', 'S', 'T', 'U'].map((letter) => `Prensa ${letter} ${rated.id}`);
      await db.query(
        `insert into outlets (name, country, language) select name, 'ES', 'es' from unnest($1::text[]) as name`,
        [outlets],
      );
      await db.query(
        `insert into media_reviews (game_id, outlet, rating, dedupe_key)
         select $1, outlet, score, outlet from unnest($2::text[], $3::int[]) as review(outlet, score)`,
        [rated.id, outlets, [84, 62, 70, 91]],
      );
      await producer.enqueue(JobName.RecalculateAverage, { gameId: rated.id, mediaReviews: true });
      const right = await waitFor(
        async () => {
          const current = await stored(rated.id);
          return current.user_rating_count === 3 && current.critic_review_count === 4 ? current : undefined;
        },
        { what: 'the first recalculation' },
      );
      // round(avg(90, 70, 41)) = 67; the critics' 84, 62, 70 and 91 → 76.75 → 77.
      expect(right).toMatchObject({
        av_user_ratings: 67,
        user_rating_count: 3,
        av_ratings: 77,
        critic_review_count: 4,
      });
      const empty = await stored(phantom.id);

      // Figures a lost job, a bad deploy or a hand edit left wrong: no job is queued for them.
      await db.query(
        `update games set av_user_ratings = 12, user_rating_count = 999, av_ratings = 3, critic_review_count = 40,
         critic_histogram = '{9,9,9,9,9,9,9,9,9,9}', player_histogram = '{0,0,0,0,0,0,0,0,0,0}' where id = $1`,
        [rated.id],
      );
      await db.query(
        `update games set av_user_ratings = 55, user_rating_count = 4, av_ratings = 88, critic_review_count = 9
       where id = $1`,
        [phantom.id],
      );
      const corruptedAt = Date.now();

      type Found = { checked: number; fixed: number; gameIds: number[] };
      const completedReconciliations = async () =>
        (await producer.queue(QueueName.Averages).getJobs(['completed'], 0, 199)).filter(
          (job) => job.name === JobName.ReconcileFigures && job.returnvalue,
        );
      // The reconciliation that found them: ours, or one of the schedule's that read the rows after the
      // corruption. One already running when they were corrupted may have missed them: ask again then.
      const first = await waitFor(
        async () => {
          const found = (await completedReconciliations()).find(
            (job) =>
              (job.finishedOn ?? 0) >= corruptedAt && (job.returnvalue as Found).gameIds.includes(rated.id),
          );
          if (!found) await producer.enqueue(JobName.ReconcileFigures, {});
          return found;
        },
        { timeoutMs: 30_000, intervalMs: 200, what: 'a reconciliation that finds the corrupted games' },
      );
      const report = first.returnvalue as Found;
      process.stdout.write(
        `RELIABILITY ${JSON.stringify({
          name: `reconciliation-${backend}`,
          checked: report.checked,
          fixed: report.fixed,
          repairMs: first.finishedOn! - corruptedAt,
          runMs: first.finishedOn! - first.processedOn!,
        })}\n`,
      );
      expect(report.gameIds).toEqual(expect.arrayContaining([rated.id, phantom.id]));
      expect(report.gameIds).not.toContain(untouched.id);
      expect(report.fixed).toBe(report.gameIds.length);
      expect(report.checked).toBeGreaterThanOrEqual(3);
      // Every figure is back, histograms too, as the per-game recalculation left them.
      expect(await stored(rated.id)).toEqual(right);
      expect(await stored(phantom.id)).toEqual(empty);
      expect(empty).toMatchObject({
        av_user_ratings: null,
        user_rating_count: 0,
        av_ratings: null,
        critic_review_count: 0,
      });

      // Repaired, they are no longer stale: the next reconciliation leaves them alone.
      const next = (
        await waitFor(
          async () => {
            const found = (await completedReconciliations()).find(
              (job) => (job.processedOn ?? 0) > first.finishedOn!,
            );
            if (!found) await producer.enqueue(JobName.ReconcileFigures, {});
            return found;
          },
          { timeoutMs: 30_000, intervalMs: 200, what: 'the next reconciliation' },
        )
      ).returnvalue as Found;
      expect(next.gameIds).not.toContain(rated.id);
      expect(next.gameIds).not.toContain(phantom.id);
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
      // The answer counts the dismissed ratings at once; the stored figures follow with the worker's
      // recalculation, which the dismissal asks for without waiting for it.
      expect(
        await waitFor(
          async () => {
            const current = await figures(bombed.id);
            return current.average === everything && current.excluded === 0 ? current : undefined;
          },
          { what: 'the recalculation after the dismissal', timeoutMs: 40_000 },
        ),
      ).toEqual({ average: everything, excluded: 0 });
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
  },
);
