import 'reflect-metadata';
import type pg from 'pg';
import type { CriticStats, MediaReview } from '@veredicto/contract';
import { GameFiguresRepository, openDatabase } from '@veredicto/db';
import { call, userWithToken } from '../support/accounts.js';
import { MicroCache } from '../../api/src/common/micro-cache.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const backend = ONE_BACKEND;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * One outlet, one voice (docs/CONTRACT.md §16): the listed reviews' scores, an outlet's several
 * reviews (platforms) as their mean, outlets told apart as the game page's cards are.
 */
const outletScores = (reviews: MediaReview[]) => {
  const byOutlet = new Map<string, number[]>();
  for (const review of reviews) {
    if (review.rating === null) continue;
    const key = review.medium.trim().toLowerCase();
    byOutlet.set(key, [...(byOutlet.get(key) ?? []), review.rating]);
  }
  return [...byOutlet.values()].map((scores) => sum(scores) / scores.length);
};

describe(`scores people can trust, on the demo catalogue (${backend} queues, real worker process)`, () => {
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Pool;

  beforeAll(async () => {
    ({ api, db, workers } = await startApiAndPool(backend, { demoCatalogue: true, workers: true }));
  }, 180_000);
  afterAll(() => stopApiAndDatabase(api, db, workers), 30_000);

  const get = async (path: string) => {
    const response = await call(api, 'GET', path);
    expect(response.status).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const scoredReviewCounts = async (igdbIds: number[]) =>
    (
      await db.query<{ igdb_id: number; total: number }>(
        `select g.igdb_id, count(mr.rating)::int as total from games g
         left join media_reviews mr on mr.game_id = g.id where g.igdb_id = any($1) group by g.igdb_id`,
        [igdbIds],
      )
    ).rows;

  it('every outlet of the data has a registry row, the Spanish-language press with language es', async () => {
    const { rows } = await db.query(
      `select count(distinct mr.outlet)::int as outlets,
         count(distinct mr.outlet) filter (where o.id is null)::int as missing
       from media_reviews mr left join outlets o on o.name = mr.outlet`,
    );
    expect(rows[0].missing).toBe(0);
    expect(rows[0].outlets).toBeGreaterThanOrEqual(476);
    const spanish = await db.query(`select name, country from outlets where language = 'es' order by name`);
    const names = spanish.rows.map((row) => row.name);
    for (const outlet of [
      'Vandal',
      '3DJuegos',
      'Meristation',
      'IGN Spain',
      'Hobby Consolas',
      'Atomix',
      'LevelUp',
    ])
      expect(names).toContain(outlet);
    expect(spanish.rows.find((row) => row.name === 'Atomix')?.country).toBe('MX');
  });

  it('a game with one media review has no critic average, in the detail and in the catalogue', async () => {
    const { rows } = await db.query(
      `select g.igdb_id from games g join media_reviews mr on mr.game_id = g.id and mr.rating is not null
       group by g.igdb_id having count(*) = 1 order by g.igdb_id limit 1`,
    );
    const game = await get(`/api/games/${rows[0].igdb_id}`);
    expect(game.avRatings).toBeNull();
    expect(game.criticStats).toEqual({
      count: 1,
      average: null,
      median: null,
      histogram: expect.any(Array),
      percentRecommended: null,
      tier: null,
    });
    // No game below the minimum heads the critic ranking.
    const page = (await get('/api/games/all?page=0&size=100&sortBy=avRatings')).content as {
      igdbID: number;
      avRatings: number | null;
      criticReviewCount: number;
    }[];
    for (const item of page) {
      expect(item.avRatings).not.toBeNull();
      expect(item.criticReviewCount).toBeGreaterThanOrEqual(4);
    }
  });

  it('every game of best has at least 7 scored reviews', async () => {
    const best = (await call(api, 'GET', '/api/games/best')).json() as { igdbID: number }[];
    expect(best.length).toBeGreaterThan(0);
    const counts = await scoredReviewCounts(best.map((game) => game.igdbID));
    expect(counts).toHaveLength(best.length);
    for (const { total } of counts) expect(total).toBeGreaterThanOrEqual(7);
  });

  it('the critic figures agree with the reviews the API lists, and the Spanish press is the mean of the es reviews', async () => {
    // The games with the most Spanish-language reviews, and one with a few of them.
    const { rows } = await db.query(
      `select g.igdb_id from games g join media_reviews mr on mr.game_id = g.id join outlets o on o.name = mr.outlet
       where o.language = 'es' and mr.rating is not null group by g.igdb_id
       order by count(*) desc, g.igdb_id limit 3`,
    );
    for (const { igdb_id: igdbId } of rows) {
      const game = await get(`/api/games/${igdbId}`);
      const stats = game.criticStats as CriticStats;
      const reviews = (await call(api, 'GET', `/api/games/reviews/pro/${igdbId}`)).json() as MediaReview[];
      const scored = outletScores(reviews);

      expect(stats.histogram).toHaveLength(10);
      expect(sum(stats.histogram)).toBe(stats.count);
      expect(stats.count).toBe(scored.length);
      expect(stats.average).toBe(Math.round(sum(scored) / scored.length));
      const sorted = [...scored].sort((a, b) => a - b);
      const middle = sorted.length / 2;
      const median =
        sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
      expect(stats.median).toBe(Math.round(median));
      for (let band = 0; band < 10; band++) {
        const inBand = scored.filter((score) => Math.min(Math.floor(score / 10), 9) === band).length;
        expect(stats.histogram[band]).toBe(inBand);
      }
      expect(stats.percentRecommended).toBeGreaterThanOrEqual(0);
      expect(stats.percentRecommended).toBeLessThanOrEqual(100);
      expect(['Excepcional', 'Notable', 'Correcto', 'Flojo']).toContain(stats.tier);

      const spanish = outletScores(reviews.filter((review) => review.outletLanguage === 'es'));
      expect(spanish.length).toBeGreaterThanOrEqual(3);
      expect(game.spanishPress).toEqual({
        count: spanish.length,
        average: Math.round(sum(spanish) / spanish.length),
      });
      expect(reviews.find((review) => review.medium === 'Vandal')).toMatchObject({
        outletCountry: 'ES',
        outletLanguage: 'es',
      });
      for (const review of reviews) expect(review).toHaveProperty('rawScore');
    }
  });

  it('one outlet, one voice: an outlet reviewing a game on three platforms counts once, as its mean', async () => {
    const game = await createGame(db, {
      title: `Una voz por medio ${Date.now()}`,
      releaseDate: '2020-01-01',
    });
    const reviews: [outlet: string, platform: string, rating: number][] = [
      ['Medio Triple', 'PC', 90],
      ['Medio Triple', 'PlayStation 5', 80],
      [' medio triple ', 'Nintendo Switch', 40],
      ['Medio Dos', 'PC', 70],
      ['Medio Tres', 'PC', 60],
      ['Medio Cuatro', 'PC', 50],
    ];
    for (const [index, [outlet, platform, rating]] of reviews.entries())
      await db.query(
        `insert into media_reviews (game_id, outlet, platform, rating, dedupe_key) values ($1, $2, $3, $4, $5)`,
        [game.id, outlet, platform, rating, `voz-${index}`],
      );
    const orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 1 });
    try {
      await new GameFiguresRepository(orm.em.fork()).recalculateAverages(game.id);
    } finally {
      await orm.close(true);
    }
    // Recalculated here rather than by the worker's job: the API is told, as the job's completion tells it
    // (the search reads the catalogue in memory, which reads the changes before the next page).
    api.app.get(MicroCache).invalidate();
    const detail = await get(`/api/games/${game.igdbId}`);
    // Four outlets: (90 + 80 + 40) / 3 = 70, 70, 60, 50 → mean 62.5 → 63; median (60 + 70) / 2 = 65.
    expect(detail.criticReviewCount).toBe(4);
    expect(detail.avRatings).toBe(63);
    expect(detail.criticStats).toMatchObject({
      count: 4,
      average: 63,
      median: 65,
      histogram: [0, 0, 0, 0, 0, 1, 1, 2, 0, 0],
    });
    const listed = (await call(api, 'GET', `/api/games/reviews/pro/${game.igdbId}`)).json() as MediaReview[];
    expect(outletScores(listed)).toHaveLength(4);
    // The catalogue's card says the same.
    const found = (
      await call(api, 'GET', `/api/games/search?name=${encodeURIComponent(game.title)}`)
    ).json() as {
      igdbID: number;
      avRatings: number | null;
    }[];
    expect(found.find((card) => card.igdbID === game.igdbId)?.avRatings).toBe(63);
  });

  it('the tiers split the catalogue by percentile: the best-rated game is Excepcional, the worst Flojo', async () => {
    const { rows } = await db.query(
      `(select igdb_id from games where av_ratings is not null order by av_ratings desc, id limit 1)
       union all
       (select igdb_id from games where av_ratings is not null order by av_ratings asc, id limit 1)`,
    );
    expect(((await get(`/api/games/${rows[0].igdb_id}`)).criticStats as CriticStats).tier).toBe(
      'Excepcional',
    );
    expect(((await get(`/api/games/${rows[1].igdb_id}`)).criticStats as CriticStats).tier).toBe('Flojo');
  });

  it('thirty ratings of 90 outrank one 100 in sortBy=avUserRatings; the shown number stays the mean', async () => {
    const thirty = await createGame(db);
    const single = await createGame(db);
    const users = await Promise.all(Array.from({ length: 30 }, () => userWithToken(api, db)));
    for (const user of users) {
      const answer = await call(api, 'POST', '/api/user/rating', {
        token: user.token,
        body: { gameId: thirty.igdbId, score: 90 },
      });
      expect(answer.status).toBe(200);
    }
    expect(
      (
        await call(api, 'POST', '/api/user/rating', {
          token: users[0].token,
          body: { gameId: single.igdbId, score: 100 },
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => {
        const { rows } = await db.query(
          'select user_rating_count from games where id = any($1) order by id',
          [[thirty.id, single.id]],
        );
        return rows.map((row) => row.user_rating_count).join() === '30,1' || undefined;
      },
      { what: 'both averages' },
    );
    // The catalogue shows the stored figures within a second of the worker storing them (its read model
    // follows the database): read it until both games carry theirs.
    let ranked: { igdbID: number; avUserRatings: number | null }[] = [];
    const position = (igdbId: number) => ranked.findIndex((game) => game.igdbID === igdbId);
    await waitFor(
      async () => {
        ranked = [];
        for (let page = 0; page < 5; page++) {
          const content = (await get(`/api/games/all?page=${page}&size=100&sortBy=avUserRatings`))
            .content as { igdbID: number; avUserRatings: number | null }[];
          ranked.push(...content);
          if (content.some((game) => game.avUserRatings === null)) break;
        }
        return (
          (position(single.igdbId) >= 0 && ranked[position(single.igdbId)].avUserRatings !== null) ||
          undefined
        );
      },
      { what: 'the catalogue showing both averages' },
    );
    expect(position(thirty.igdbId)).toBeGreaterThanOrEqual(0);
    expect(position(single.igdbId)).toBeGreaterThanOrEqual(0);
    expect(position(thirty.igdbId)).toBeLessThan(position(single.igdbId));
    expect(ranked[position(single.igdbId)].avUserRatings).toBe(100);
    expect(ranked[position(thirty.igdbId)].avUserRatings).toBe(90);
    const detail = await get(`/api/games/${thirty.igdbId}`);
    expect(detail.playerStats).toEqual({
      count: 30,
      average: 90,
      histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 30],
      // Thirty ratings spread over no unusual window: nothing left out.
      unusual: [],
      averageWithUnusual: 90,
    });
  }, 120_000);

  it('rating an unreleased game answers 409 with a Spanish message; so does reviewing it', async () => {
    const future = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const upcoming = await createGame(db, { releaseDate: future });
    const undated = await createGame(db, { releaseDate: null });
    const { token } = await userWithToken(api, db);
    for (const game of [upcoming, undated]) {
      const answer = await call(api, 'POST', '/api/user/rating', {
        token,
        body: { gameId: game.igdbId, score: 80 },
      });
      expect(answer.status).toBe(409);
      expect(answer.json()).toEqual({
        statusCode: 409,
        message: 'Este juego aún no ha salido: podrás puntuarlo a partir de su fecha de lanzamiento.',
      });
    }
    const review = await call(api, 'POST', '/api/user/reviews', {
      token,
      body: { gameId: upcoming.igdbId, rating: 80, review: 'x'.repeat(60) },
    });
    expect(review.status).toBe(409);
    const { rows } = await db.query('select count(*)::int as n from ratings where game_id = any($1)', [
      [upcoming.id, undated.id],
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('GET answers the own score or 204; withdrawing brings the average back', async () => {
    const game = await createGame(db);
    const [first, second] = [await userWithToken(api, db), await userWithToken(api, db)];
    expect((await call(api, 'GET', `/api/user/rating/${game.igdbId}`, { token: first.token })).status).toBe(
      204,
    );
    expect(
      (
        await call(api, 'POST', '/api/user/rating', {
          token: first.token,
          body: { gameId: game.igdbId, score: 60 },
        })
      ).json(),
    ).toEqual({ avUserRatings: 60, userRatingCount: 1 });
    expect(
      (
        await call(api, 'POST', '/api/user/rating', {
          token: second.token,
          body: { gameId: game.igdbId, score: 91 },
        })
      ).json(),
    ).toEqual({ avUserRatings: 76, userRatingCount: 2 });
    const own = await call(api, 'GET', `/api/user/rating/${game.igdbId}`, { token: second.token });
    expect([own.status, own.json()]).toEqual([200, { score: 91 }]);

    const withdrawn = await call(api, 'DELETE', `/api/user/rating/${game.igdbId}`, { token: second.token });
    expect([withdrawn.status, withdrawn.json()]).toEqual([200, { avUserRatings: 60, userRatingCount: 1 }]);
    expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBe(60);
    expect((await call(api, 'GET', `/api/user/rating/${game.igdbId}`, { token: second.token })).status).toBe(
      204,
    );
    // Withdrawing again is no error and changes nothing.
    expect(
      (await call(api, 'DELETE', `/api/user/rating/${game.igdbId}`, { token: second.token })).json(),
    ).toEqual({
      avUserRatings: 60,
      userRatingCount: 1,
    });
    expect((await call(api, 'DELETE', `/api/user/rating/${game.igdbId}`)).status).toBe(401);
    expect((await call(api, 'GET', '/api/user/rating/999999999', { token: first.token })).status).toBe(404);
  });

  it('one review per user and game: sending again updates it and says so', async () => {
    const game = await createGame(db);
    const { token, id } = await userWithToken(api, db);
    const send = (text: string, rating: number) =>
      call(api, 'POST', '/api/user/reviews', { token, body: { gameId: game.igdbId, review: text, rating } });
    const first = await send('Primera versión de mi crítica, con más de cincuenta caracteres.', 70);
    expect([first.status, first.text]).toEqual([201, 'Crítica agregada con éxito.']);
    const second = await send(
      'Segunda versión de mi crítica, corregida y con más de cincuenta caracteres.',
      85,
    );
    expect([second.status, second.text]).toEqual([201, 'Has actualizado tu crítica.']);
    const { rows } = await db.query(
      'select r.content, ra.score from user_reviews r join ratings ra using (user_id, game_id) where r.user_id = $1 and r.game_id = $2',
      [id, game.id],
    );
    expect(rows).toEqual([
      { content: 'Segunda versión de mi crítica, corregida y con más de cincuenta caracteres.', score: 85 },
    ]);
  });
});
