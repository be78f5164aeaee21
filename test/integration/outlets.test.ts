import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import jStat from 'jstat';
import type { Outlet } from '@veredicto/contract';
import { OutletGameScore } from '@veredicto/db';
import { JobGateway, JobName } from '@veredicto/jobs';
import type pg from 'pg';
import { call, userWithToken } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND } from '../support/test-env.js';

const backend = ONE_BACKEND;

const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;

/**
 * Section 15's deviation, recomputed from the review rows alone: per game, each outlet's score is the mean
 * of its scored reviews; a game counts when at least 3 other outlets scored it.
 */
function deviationFromRows(rows: { game_id: number; outlet: string; rating: number }[], outlet: string) {
  const byGame = new Map<number, Map<string, number[]>>();
  for (const row of rows) {
    const outlets = byGame.get(row.game_id) ?? new Map<string, number[]>();
    outlets.set(row.outlet, [...(outlets.get(row.outlet) ?? []), row.rating]);
    byGame.set(row.game_id, outlets);
  }
  const differences: number[] = [];
  for (const outlets of byGame.values()) {
    const own = outlets.get(outlet);
    if (!own) continue;
    const others = [...outlets.entries()]
      .filter(([name]) => name !== outlet)
      .map(([, scores]) => mean(scores));
    if (others.length >= 3) differences.push(mean(own) - mean(others));
  }
  const n = differences.length;
  const average = mean(differences);
  const sd = Math.sqrt(differences.reduce((total, value) => total + (value - average) ** 2, 0) / (n - 1));
  const margin = jStat.studentt.inv(0.975, n - 1) * (sd / Math.sqrt(n));
  return { games: n, mean: average, lo: average - margin, hi: average + margin, differences };
}

describe(`outlet pages (section 15) on the demo catalogue (${backend} queues, real worker process)`, () => {
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Pool;

  beforeAll(async () => {
    ({ api, db, workers } = await startApiAndPool(backend, { demoCatalogue: true, workers: true }));
    // Files that ran before in this worker's database may have stored media reviews that no worker of theirs
    // turned into outlet figures: they are brought up to date first, as the seed does.
    await api.app.get(MikroORM).em.fork().getRepository(OutletGameScore).refreshAll();
  }, 600_000);

  afterAll(() => stopApiAndDatabase(api, db, workers), 30_000);

  const get = async <T>(path: string, token?: string) => {
    const response = await call(api, 'GET', path, { token });
    expect(response.status).toBe(200);
    return response.json() as T;
  };
  const scoredRowsOfGamesOf = async (outlet: string) =>
    (
      await db.query<{ game_id: number; outlet: string; rating: number }>(
        `select game_id, outlet, rating from media_reviews
         where rating is not null and game_id in (select game_id from media_reviews where outlet = $1)`,
        [outlet],
      )
    ).rows;

  it('lists outlets with reviews, most reviews first, searchable and filtered by country and language', async () => {
    const page = await get<{ content: Outlet[]; totalElements: number; size: number }>(
      '/api/outlets?size=100',
    );
    expect(page.content.length).toBeGreaterThan(50);
    const counts = page.content.map((outlet) => outlet.reviews);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const { rows } = await db.query<{ total: number }>(
      `select count(distinct outlet)::int as total from media_reviews where outlet in (select name from outlets)`,
    );
    expect(page.totalElements).toBe(rows[0].total);

    const spanish = await get<{ content: Outlet[]; totalElements: number }>(
      '/api/outlets?country=es&language=es&size=100',
    );
    expect(spanish.content.length).toBeGreaterThan(0);
    for (const outlet of spanish.content) expect([outlet.country, outlet.language]).toEqual(['ES', 'es']);

    const named = page.content[0];
    const found = await get<{ content: Outlet[] }>(
      `/api/outlets?q=${encodeURIComponent(named.name.slice(1, 6).toUpperCase())}`,
    );
    expect(found.content.map((outlet) => outlet.slug)).toContain(named.slug);

    expect((await call(api, 'GET', '/api/outlets?size=1000')).status).toBe(400);
    expect((await call(api, 'GET', '/api/outlets?country=España')).status).toBe(400);
  });

  it("an outlet's deviation and its 95 % interval equal a recomputation from the review rows", async () => {
    const page = await get<{ content: Outlet[] }>('/api/outlets?size=5');
    for (const listed of page.content.slice(0, 3)) {
      const outlet = await get<Outlet>(`/api/outlets/${listed.slug}`);
      expect(outlet).toEqual(listed);
      const expected = deviationFromRows(await scoredRowsOfGamesOf(outlet.name), outlet.name);
      expect(expected.games).toBeGreaterThanOrEqual(10);
      expect(outlet.deviation.games).toBe(expected.games);
      expect(outlet.deviation.mean).toBeCloseTo(expected.mean, 2);
      expect(outlet.deviation.ci95?.[0]).toBeCloseTo(expected.lo, 2);
      expect(outlet.deviation.ci95?.[1]).toBeCloseTo(expected.hi, 2);

      const { rows } = await db.query<{ total: number; average: number }>(
        `select count(*)::int as total, avg(rating)::float8 as average from media_reviews where outlet = $1`,
        [outlet.name],
      );
      expect(outlet.reviews).toBe(rows[0].total);
      expect(outlet.average).toBeCloseTo(rows[0].average, 1);

      const chart = await get<{
        histogram: number[];
        generous: { difference: number }[];
        harsh: { difference: number }[];
      }>(`/api/outlets/${outlet.slug}/differences`);
      expect(chart.histogram).toHaveLength(20);
      expect(chart.histogram.reduce((total, count) => total + count, 0)).toBe(expected.games);
      const largest = Math.max(...expected.differences);
      expect(chart.generous[0].difference).toBeCloseTo(largest, 1);
      expect(chart.harsh[0].difference).toBeCloseTo(Math.min(...expected.differences), 1);
    }
  });

  it('shows no deviation below 10 compared games', async () => {
    const { rows } = await db.query<{ slug: string }>(
      `select o.slug from outlets o where o.review_count > 0 and o.deviation_games between 1 and 9 limit 1`,
    );
    expect(rows).toHaveLength(1);
    const outlet = await get<Outlet>(`/api/outlets/${rows[0].slug}`);
    expect(outlet.deviation.mean).toBeNull();
    expect(outlet.deviation.ci95).toBeNull();
    expect(outlet.deviation.games).toBeGreaterThan(0);
  });

  it("pages an outlet's reviews newest first, to the last page", async () => {
    const [outlet] = (await get<{ content: Outlet[] }>('/api/outlets?size=1')).content;
    const size = 50;
    const first = await get<{
      content: { igdbID: number; title: string; rating: number | null; date: string | null }[];
      totalElements: number;
    }>(`/api/outlets/${outlet.slug}/reviews?page=0&size=${size}`);
    expect(first.totalElements).toBe(outlet.reviews);
    expect(first.content).toHaveLength(size);
    const dates = first.content.map((review) => review.date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const lastPage = Math.ceil(outlet.reviews / size) - 1;
    const last = await get<{ content: unknown[] }>(
      `/api/outlets/${outlet.slug}/reviews?page=${lastPage}&size=${size}`,
    );
    expect(last.content).toHaveLength(outlet.reviews - lastPage * size);
    expect((await call(api, 'GET', '/api/outlets/no-existe-este-medio')).status).toBe(404);
    expect((await call(api, 'GET', '/api/outlets/Mal%20Slug')).status).toBe(404);
    expect((await call(api, 'GET', `/api/outlets/${outlet.slug}/reviews?page=-1`)).status).toBe(400);
  });

  it("a new review reaches the outlet's figures through the worker's recalculation, and a user sees how they agree", async () => {
    const [outlet] = (await get<{ content: Outlet[] }>('/api/outlets?size=1')).content;
    // A released game that 4 other outlets scored and this one did not.
    const { rows } = await db.query<{ id: number; igdb_id: number; others: number }>(
      `select g.id, g.igdb_id, avg(o.score)::float8 as others from games g
       join (select game_id, outlet, avg(rating) as score from media_reviews where rating is not null
             group by game_id, outlet) o on o.game_id = g.id
       where g.release_date < now() - interval '1 month'
         and not exists (select 1 from media_reviews m where m.game_id = g.id and m.outlet = $1)
       group by g.id having count(*) >= 4 order by g.id limit 1`,
      [outlet.name],
    );
    const game = rows[0];
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, raw_score, dedupe_key, published_at)
       values ($1, $2, 100, '10/10', 'prueba-medios', current_date)`,
      [game.id, outlet.name],
    );
    // Stored behind the scraper's back: ask for the media reviews' recalculation as the scraper does (a
    // player's rating alone no longer refreshes outlets' figures).
    await api.app
      .get(JobGateway)
      .enqueue(JobName.RecalculateAverage, { gameId: game.id, mediaReviews: true });
    const user = await userWithToken(api, db);
    const rated = await call(api, 'POST', '/api/user/rating', {
      token: user.token,
      body: { gameId: game.igdb_id, score: 40 },
    });
    expect(rated.status).toBe(200);
    const updated = await waitFor(
      async () => {
        const current = await get<Outlet>(`/api/outlets/${outlet.slug}`);
        return current.reviews === outlet.reviews + 1 &&
          current.deviation.games === outlet.deviation.games + 1
          ? current
          : undefined;
      },
      { what: "the outlet's figures after the worker's recalculation" },
    );
    const expected = deviationFromRows(await scoredRowsOfGamesOf(outlet.name), outlet.name);
    expect(updated.deviation.mean).toBeCloseTo(expected.mean, 2);

    const agreement = await get<{ games: number; meanDifference: number; correlation: number | null }>(
      `/api/user/outlets/${outlet.slug}/agreement`,
      user.token,
    );
    expect(agreement).toMatchObject({ games: 1, meanDifference: -60, correlation: null });
    expect((await call(api, 'GET', `/api/user/outlets/${outlet.slug}/agreement`)).status).toBe(401);
  });

  it("after reviews change, an outlet's chart and reviews pages equal a recomputation from its stored calls and review rows", async () => {
    // The earlier test added a review by the outlet with most reviews and the worker refreshed its calls:
    // the one-statement reads (the chart, the reviews pages) must show exactly what the rows say.
    const outlets = (await get<{ content: Outlet[] }>('/api/outlets?size=3')).content;
    for (const outlet of outlets) {
      const { rows: calls } = await db.query<{
        igdb_id: number;
        title: string;
        score: number;
        others_mean: number;
        others_count: number;
        difference: number;
      }>(
        `select g.igdb_id, g.title, s.score, s.others_mean, s.others_count, s.difference
         from outlet_game_scores s join games g on g.id = s.game_id join outlets o on o.id = s.outlet_id
         where o.slug = $1 and s.difference is not null`,
        [outlet.slug],
      );
      const histogram = new Array<number>(20).fill(0);
      for (const row of calls) histogram[Math.min(Math.max(Math.floor(row.difference / 5), -10), 9) + 10]++;
      const round = (value: number) => Math.round(value * 10) / 10;
      const present = (row: (typeof calls)[number]) => ({
        igdbID: row.igdb_id,
        title: row.title,
        score: round(row.score),
        othersMean: round(row.others_mean),
        othersCount: row.others_count,
        difference: round(row.difference),
      });
      const byDifference = (direction: 1 | -1) =>
        calls
          .filter((row) => direction * row.difference > 0)
          .sort((a, b) => direction * (b.difference - a.difference) || a.igdb_id - b.igdb_id)
          .slice(0, 5)
          .map(present);
      expect(await get(`/api/outlets/${outlet.slug}/differences`)).toEqual({
        histogram,
        binWidth: 5,
        generous: byDifference(1),
        harsh: byDifference(-1),
      });

      const { rows: reviews } = await db.query<{
        igdbID: number;
        title: string;
        rating: number | null;
        date: string | null;
      }>(
        `select g.igdb_id as "igdbID", g.title, mr.rating, to_char(mr.published_at, 'YYYY-MM-DD') as date
         from media_reviews mr join games g on g.id = mr.game_id
         where mr.outlet = $1 order by mr.published_at desc nulls last, mr.id desc`,
        [outlet.name],
      );
      const size = 7;
      for (const page of [0, 1, Math.ceil(reviews.length / size) - 1, Math.ceil(reviews.length / size)])
        expect(await get(`/api/outlets/${outlet.slug}/reviews?page=${page}&size=${size}`)).toEqual({
          content: reviews.slice(page * size, (page + 1) * size),
          totalElements: reviews.length,
        });
    }
    expect((await call(api, 'GET', '/api/outlets/no-existe-este-medio/reviews')).status).toBe(404);
    expect((await call(api, 'GET', '/api/outlets/no-existe-este-medio/differences')).status).toBe(404);
  });

  it('serves the outlet pages with their heads and lists them in the sitemap', async () => {
    const [outlet] = (await get<{ content: Outlet[] }>('/api/outlets?size=1')).content;
    const page = await call(api, 'GET', `/medios/${outlet.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/medios/${outlet.slug}">`));
    expect(page.text).toContain(`<title>${outlet.name}`);
    expect((await call(api, 'GET', '/medios/no-existe-este-medio')).status).toBe(404);
    const list = await call(api, 'GET', '/medios');
    expect(list.text).toContain('<title>Medios');
    const sitemap = await call(api, 'GET', '/sitemaps/outlets.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`/medios/${outlet.slug}</loc>`);
    expect((await call(api, 'GET', '/sitemap.xml')).text).toContain('/sitemaps/outlets.xml');
  });
});
