import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { GENRES_BY_SLUG } from '@veredicto/contract';
import {
  catalogueFilterKey,
  CatalogueOrderingRepository,
  Game,
  type CatalogueFilters,
  type GameSort,
  type StoredPageIndex,
} from '@veredicto/db';
import { JobGateway, JobName } from '@veredicto/jobs';
import { CatalogueIndexService } from '../../api/src/games/catalogue-index.service.js';
import { call } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { openDemoCatalogue } from '../support/demo-catalogue.js';
import { createUser, rate } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const backend = ONE_BACKEND;
const PAGE_SIZE = 100;
const SORT_SQL: Record<GameSort, string> = {
  releaseDate: 'g.release_date',
  avRatings: 'g.av_ratings',
  avUserRatings: 'g.player_rank_score',
  length: 'g.length_hours',
};

interface Combination {
  name: string;
  sort: GameSort;
  /** The API's query string. */
  query: string;
  filters: CatalogueFilters;
  /** The same filters as plain SQL on games `g`, written here apart from the repository. */
  where: string;
}

const genre = GENRES_BY_SLUG.get('rol')!;
const RELEASED = '(g.release_date <= current_date or g.release_date is null)';
const BASE = `${RELEASED} and not g.mature and not g.addon`;
/** A year of the demo catalogue with more than one page of games. */
const YEAR = 2017;
const COMBINATIONS: Combination[] = [
  { name: 'whole catalogue by players', sort: 'avUserRatings', query: '', filters: {}, where: BASE },
  {
    name: 'PC by players',
    sort: 'avUserRatings',
    query: '&platform=pc',
    filters: { platform: 'PC' },
    where: `${BASE} and g.platforms @> array['PC']`,
  },
  {
    name: 'PlayStation 4 by critics (its own partial index)',
    sort: 'avRatings',
    query: '&platform=ps4',
    filters: { platform: 'PlayStation 4' },
    where: `${BASE} and 'PlayStation 4' = any(g.platforms)`,
  },
  {
    name: 'a year by players (the year index of the score orders)',
    sort: 'avUserRatings',
    query: `&year=${YEAR}`,
    filters: { year: YEAR },
    where: `${BASE} and to_char(g.release_date, 'YYYY') = '${YEAR}'`,
  },
  {
    name: 'a year by release date (a range of the release date index)',
    sort: 'releaseDate',
    query: `&year=${YEAR}`,
    filters: { year: YEAR },
    where: `${BASE} and to_char(g.release_date, 'YYYY') = '${YEAR}'`,
  },
  {
    name: 'role-playing by players',
    sort: 'avUserRatings',
    query: '&genre=rol',
    filters: { genres: genre.igdbNames },
    where: `${BASE} and g.genres && array[${genre.igdbNames.map((name) => `'${name}'`).join(',')}]::text[]`,
  },
  {
    name: 'with a critic average, by critics',
    sort: 'avRatings',
    query: '&scored=true',
    filters: { scored: true },
    where: `${BASE} and g.av_ratings is not null`,
  },
  {
    name: 'whole catalogue by critics',
    sort: 'avRatings',
    query: '',
    filters: {},
    where: BASE,
  },
  {
    name: 'PC role-playing with add-ons by players (a compound, walked when first asked for)',
    sort: 'avUserRatings',
    query: '&platform=pc&genre=rol&addons=true',
    filters: { platform: 'PC', genres: genre.igdbNames, addons: true },
    where: `${RELEASED} and not g.mature and g.platforms @> array['PC'] and g.genres && array[${genre.igdbNames
      .map((name) => `'${name}'`)
      .join(',')}]::text[]`,
  },
];

describe(`catalogue pages from the anchors the workers keep (${backend} queues)`, () => {
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Pool;
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openDemoCatalogue();
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 });
    // The database's pages, which the anchors serve (the catalogue in memory, the default, needs none).
    api = await startTestApi(backend, { CATALOGUE_MEMORY: 'false' });
    workers = await startProcess('workers', api.env);
  }, 600_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    await orm?.close(true);
  }, 30_000);

  const keyOf = (combination: Combination) => catalogueFilterKey(combination.filters);

  /** The ordering's row as the workers stored it. */
  const stored = async (combination: Combination) =>
    (
      await db.query<{ version: string; dirty_seq: string; clean_seq: string; total: number | null }>(
        `select version, dirty_seq, clean_seq, total from catalogue_orderings where sort = $1 and filter_key = $2`,
        [combination.sort, keyOf(combination)],
      )
    ).rows[0];

  /** The truth: every game of the combination in order, by a plain query. */
  const truth = async ({ sort, where }: Combination) =>
    (
      await db.query<{ igdb_id: number }>(
        `select g.igdb_id from games g where ${where} order by ${SORT_SQL[sort]} desc nulls last, g.id desc`,
      )
    ).rows.map((row) => Number(row.igdb_id));

  /** Every page of the combination through the API, in order. */
  const pages = async ({ sort, query }: Combination) => {
    const ids: number[] = [];
    for (let page = 0; ; page++) {
      const response = await call(
        api,
        'GET',
        `/api/games/all?page=${page}&size=${PAGE_SIZE}&sortBy=${sort}${query}`,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { content: { igdbID: number }[]; totalElements: number };
      if (!body.content.length) return { ids, totalElements: body.totalElements };
      ids.push(...body.content.map((card) => card.igdbID));
    }
  };

  /** The API holds the ordering's anchors as stored (not the OFFSET it serves before the first walk). */
  const apiIndex = (combination: Combination) =>
    api.app.get(CatalogueIndexService).indexOf(combination.sort, combination.filters);

  const readsStoredAnchors = async (combination: Combination) => {
    const row = await stored(combination);
    const index = (await apiIndex(combination)) as Partial<StoredPageIndex>;
    return row?.total != null && index.version === row.version && (index.anchors?.length ?? 0) > 0;
  };

  it('walks every ordering the screen offers with one filter, and a compound one when first asked for', async () => {
    const precomputed = await waitFor(
      async () => {
        const { rows } = await db.query<{ walked: number; waiting: number }>(
          `select count(*) filter (where total is not null)::int as walked,
                  count(*) filter (where total is null)::int as waiting
           from catalogue_orderings where precomputed`,
        );
        return rows[0].waiting === 0 && rows[0].walked >= 3 * 95 ? rows[0].walked : undefined;
      },
      { timeoutMs: 180_000, what: 'the first refresh of the catalogue orderings' },
    );
    expect(precomputed).toBeGreaterThanOrEqual(3 * 95);
    // The compound is not among them: the API serves it by OFFSET and asks the workers for it.
    const compound = COMBINATIONS[COMBINATIONS.length - 1];
    expect((await stored(compound))?.total ?? null).toBeNull();
    const first = await pages(compound);
    expect(first.ids).toEqual(await truth(compound));
    for (const combination of COMBINATIONS)
      await waitFor(() => readsStoredAnchors(combination), {
        timeoutMs: 60_000,
        what: `the API to read the anchors of ${combination.name}`,
      });
  }, 300_000);

  it('after ratings and reviews move games up, every page of each ordering is exact once its anchors are walked again', async () => {
    const before = new Map<string, { dirty: bigint; index: StoredPageIndex }>();
    for (const combination of COMBINATIONS) {
      const row = await stored(combination);
      const index = await new CatalogueOrderingRepository(orm.em.fork()).findIndex(
        combination.sort,
        keyOf(combination),
      );
      before.set(combination.name, { dirty: BigInt(row.dirty_seq), index: index! });
    }
    // PC role-playing games nobody rated and no critic scored: each rises from the null tail of every
    // ordering above into its first pages.
    const { rows: risen } = await db.query<{ id: number; igdb_id: number }>(
      `select g.id, g.igdb_id from games g
       where ${BASE} and g.platforms @> array['PC'] and g.genres && $1::text[]
         and g.player_rank_score is null and g.av_ratings is null and g.addon = false
       order by g.id limit 6`,
      [genre.igdbNames],
    );
    expect(risen.length).toBe(6);
    const tag = Date.now().toString(36);
    const outlets = [1, 2, 3, 4].map((n) => `Anclas ${tag} ${n}`);
    for (const game of risen) {
      for (let n = 0; n < 3; n++) await rate(db, (await createUser(db)).id, game.id, 100 - n);
      await db.query(
        `insert into media_reviews (game_id, outlet, rating, dedupe_key)
         select $1, outlet, 95, $3 || outlet from unnest($2::text[]) as outlet`,
        [game.id, outlets, `${game.id}-`],
      );
      await api.app
        .get(JobGateway)
        .enqueue(JobName.RecalculateAverage, { gameId: game.id, mediaReviews: true });
    }
    await waitFor(
      async () => {
        const { rows } = await db.query<{ pending: number }>(
          `select count(*)::int as pending from games where id = any($1::int[]) and (player_rank_score is null or av_ratings is null)`,
          [risen.map((game) => game.id)],
        );
        return rows[0].pending === 0;
      },
      { what: 'the recalculations' },
    );
    // The game.figures-changed events mark each ordering one of the risen games is in, and the delayed
    // refresh walks it after the marks (the others keep their anchors, still exact).
    const risenIds = new Set(risen.map((game) => Number(game.igdb_id)));
    const moved = new Set<string>();
    for (const combination of COMBINATIONS)
      if ((await truth(combination)).some((id) => risenIds.has(id))) moved.add(combination.name);
    expect(moved.size).toBeGreaterThanOrEqual(5);
    for (const combination of COMBINATIONS.filter(({ name }) => moved.has(name)))
      await waitFor(
        async () => {
          const row = await stored(combination);
          return (
            BigInt(row.dirty_seq) > before.get(combination.name)!.dirty &&
            BigInt(row.clean_seq) >= BigInt(row.dirty_seq) &&
            (await readsStoredAnchors(combination))
          );
        },
        { timeoutMs: 60_000, what: `the walk of ${combination.name} after the changes` },
      );

    for (const combination of COMBINATIONS) {
      const expected = await truth(combination);
      const { ids, totalElements } = await pages(combination);
      expect([combination.name, totalElements, ids]).toEqual([combination.name, expected.length, expected]);
      expect(new Set(ids).size).toBe(ids.length);
      // The old anchors no longer fit: the same pages read from them skip or repeat games (so the
      // comparison above can fail when the anchors are not walked again).
      if (
        moved.has(combination.name) &&
        combination.sort === 'avUserRatings' &&
        expected.length > 2 * PAGE_SIZE
      ) {
        const games = orm.em.fork().getRepository(Game);
        const stale: string[] = [];
        for (let page = 0; page * PAGE_SIZE < expected.length; page++)
          stale.push(
            ...(await games.findPage(
              { page, size: PAGE_SIZE, sortBy: combination.sort, ...combination.filters },
              before.get(combination.name)!.index,
            )),
          );
        const staleIds = stale.map((card) => (JSON.parse(card) as { igdbID: number }).igdbID);
        expect(staleIds).not.toEqual(expected);
      }
    }
  }, 300_000);

  it('a rating marks only the orderings by player score: those by date or by critics keep their walk', async () => {
    // A game of the year's pages with a critic average: in the orderings of the whole catalogue and of the
    // year, by players, by release date and by critics.
    const { rows } = await db.query<{ id: number }>(
      `select g.id from games g
       where ${BASE} and g.av_ratings is not null and to_char(g.release_date, 'YYYY') = '${YEAR}'
       order by g.id limit 1`,
    );
    expect(rows).toHaveLength(1);
    const gameId = rows[0].id;
    const dirtyOf = async () =>
      new Map(
        await Promise.all(
          COMBINATIONS.map(async (combination) => {
            const row = await stored(combination);
            return [combination.name, BigInt(row?.dirty_seq ?? 0)] as const;
          }),
        ),
      );
    const before = await dirtyOf();
    const rankBefore = (await db.query('select player_rank_score from games where id = $1', [gameId])).rows[0]
      .player_rank_score;
    for (let n = 0; n < 3; n++) await rate(db, (await createUser(db)).id, gameId, 40 + n);
    await api.app.get(JobGateway).enqueue(JobName.RecalculateAverage, { gameId });
    const byPlayers = COMBINATIONS.filter((combination) =>
      ['whole catalogue by players', 'a year by players (the year index of the score orders)'].includes(
        combination.name,
      ),
    );
    expect(byPlayers).toHaveLength(2);
    for (const combination of byPlayers)
      await waitFor(
        async () => {
          const row = await stored(combination);
          return (
            BigInt(row.dirty_seq) > before.get(combination.name)! &&
            BigInt(row.clean_seq) >= BigInt(row.dirty_seq)
          );
        },
        { timeoutMs: 60_000, what: `the walk of ${combination.name} after the ratings` },
      );
    expect(
      (await db.query('select player_rank_score from games where id = $1', [gameId])).rows[0]
        .player_rank_score,
    ).not.toEqual(rankBefore);
    const after = await dirtyOf();
    for (const combination of COMBINATIONS.filter((combination) => combination.sort !== 'avUserRatings'))
      expect([combination.name, after.get(combination.name)]).toEqual([
        combination.name,
        before.get(combination.name),
      ]);
  }, 120_000);
});
