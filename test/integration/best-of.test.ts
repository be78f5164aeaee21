import 'reflect-metadata';
import type pg from 'pg';
import { GENRES_BY_SLUG } from '@veredicto/db';
import { call } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { ONE_BACKEND } from '../support/test-env.js';

interface Card {
  igdbID: number;
  avRatings: number | null;
  criticReviewCount: number;
}

interface CardPage {
  content: Card[];
  totalElements: number;
  totalPages: number;
}

describe('best-of lists (section 15) on the demo catalogue', () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db } = await startApiAndPool(ONE_BACKEND, { demoCatalogue: true })), 600_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  /** Every page of a list, concatenated. */
  const wholeList = async (query: string) => {
    const first = (await call(api, 'GET', `/api/games/best-of?${query}&size=100&page=0`)).json() as CardPage;
    const cards = [...first.content];
    for (let page = 1; page < first.totalPages; page++) {
      const next = await call(api, 'GET', `/api/games/best-of?${query}&size=100&page=${page}`);
      expect(next.status).toBe(200);
      cards.push(...(next.json() as CardPage).content);
    }
    expect(cards).toHaveLength(first.totalElements);
    // Past the last page: no cards, and the same length (counted apart, as no row carries it).
    const past = (
      await call(api, 'GET', `/api/games/best-of?${query}&size=100&page=${Math.max(first.totalPages, 1)}`)
    ).json() as CardPage;
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(first.totalElements);
    return cards;
  };

  /** The catalogue's own order of the games with a shown critic average, as SQL over the games table. */
  const catalogueOrder = async (where: string, values: unknown[]) =>
    (
      await db.query<{ igdb_id: number }>(
        `select igdb_id from games where av_ratings is not null and ${where}
         order by av_ratings desc, critic_review_count desc, id`,
        values,
      )
    ).rows.map((row) => Number(row.igdb_id));

  const busiestYear = async () =>
    (
      await db.query<{ year: number }>(
        `select extract(year from release_date)::int as year from games where av_ratings is not null
         group by 1 order by count(*) desc limit 1`,
      )
    ).rows[0].year;

  it("ranks a year's games as the catalogue's own order: critic average, then more reviews", async () => {
    const year = await busiestYear();
    const cards = await wholeList(`year=${year}`);
    expect(cards.length).toBeGreaterThan(20);
    expect(cards.map((card) => card.igdbID)).toEqual(
      await catalogueOrder(`release_date between $1 and $2`, [`${year}-01-01`, `${year}-12-31`]),
    );
    for (const card of cards) expect(card.avRatings).not.toBeNull();
    // Ties on the average: more reviews first.
    for (let index = 1; index < cards.length; index++) {
      const [before, after] = [cards[index - 1], cards[index]];
      expect(before.avRatings! >= after.avRatings!).toBe(true);
      if (before.avRatings === after.avRatings) {
        expect(before.criticReviewCount).toBeGreaterThanOrEqual(after.criticReviewCount);
      }
    }
  });

  it("ranks a year's games on one platform, and a genre's", async () => {
    const year = await busiestYear();
    const ps4 = await wholeList(`year=${year}&platform=ps4`);
    expect(ps4.length).toBeGreaterThan(0);
    expect(ps4.map((card) => card.igdbID)).toEqual(
      await catalogueOrder(`release_date between $1 and $2 and platforms @> array['PlayStation 4']`, [
        `${year}-01-01`,
        `${year}-12-31`,
      ]),
    );
    const rpg = GENRES_BY_SLUG.get('rol')!;
    const genre = await wholeList('genre=rol');
    expect(genre.length).toBeGreaterThan(20);
    expect(genre.map((card) => card.igdbID)).toEqual(
      await catalogueOrder(
        `(genres_es @> array[$1]::text[] or (cardinality(genres_es) = 0 and genres && $2::text[]))`,
        [rpg.name, rpg.igdbNames],
      ),
    );
  });

  it("gives a game its place in its year's lists", async () => {
    const year = await busiestYear();
    const [first, second] = (await wholeList(`year=${year}`)).slice(0, 2);
    const ranks = (await call(api, 'GET', `/api/games/${first.igdbID}/best-of-ranks`)).json() as {
      year: number;
      platform: string | null;
      rank: number;
    }[];
    expect(ranks).toContainEqual({ year, platform: null, rank: 1 });
    const secondRanks = (await call(api, 'GET', `/api/games/${second.igdbID}/best-of-ranks`)).json() as {
      platform: string | null;
      rank: number;
    }[];
    expect(secondRanks.find((rank) => rank.platform === null)?.rank).toBe(2);
    for (const rank of secondRanks.filter((entry) => entry.platform !== null)) {
      const list = await wholeList(`year=${year}&platform=${rank.platform}`);
      expect(list.findIndex((card) => card.igdbID === second.igdbID) + 1).toBe(rank.rank);
    }
  });

  it('refuses what is not a list, in Spanish', async () => {
    for (const query of ['year=abc', 'platform=gameboy', 'genre=no-existe', 'size=500', 'page=-1']) {
      const response = await call(api, 'GET', `/api/games/best-of?${query}`);
      expect(response.status).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/[a-z]/);
    }
  });

  it('serves the list pages with their heads and lists them in the sitemap', async () => {
    const year = await busiestYear();
    const page = await call(api, 'GET', `/mejores/${year}/ps4`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<title>Los mejores juegos de ${year} en PlayStation 4`);
    expect(page.text).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/mejores/${year}/ps4">`));
    expect((await call(api, 'GET', '/mejores/genero/rol')).text).toContain(
      '<title>Los mejores juegos de rol',
    );
    expect((await call(api, 'GET', '/mejores/genero/nada')).status).toBe(404);
    expect((await call(api, 'GET', `/mejores/${year}/gameboy`)).status).toBe(404);
    const sitemap = await call(api, 'GET', '/sitemaps/best-of.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`/mejores/${year}</loc>`);
    expect(sitemap.text).toContain(`/mejores/${year}/ps4</loc>`);
    expect(sitemap.text).toContain('/mejores/genero/rol</loc>');
    expect((await call(api, 'GET', '/sitemap.xml')).text).toContain('/sitemaps/best-of.xml');
  });
});
