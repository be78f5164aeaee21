import 'reflect-metadata';
import http from 'node:http';
import pg from 'pg';
import type { GameDetail, PlayEstimate } from '@veredicto/contract';
import { call, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame, createUser } from '../support/factories.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

const backend = testEnv().redisUrl ? 'redis' : 'postgres';
const SLOW = 120_000;

const today = () => new Date().toISOString().slice(0, 10);

/** Completed statuses straight into the table: the players whose times a game's median is made of. */
async function completedBy(db: pg.Pool, userIds: number[], gameId: number, hours: number[]) {
  await db.query(
    `insert into game_statuses (user_id, game_id, status, platform, hours)
     select unnest($1::int[]), $2, 'completed', 'ps5', unnest($3::numeric[])`,
    [userIds, gameId, hours],
  );
}

/** A GET as a plain client sends it (the front door's lane may answer it). */
const plainGet = (base: string, path: string) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(`${base}${path}`, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString()));
      })
      .on('error', reject);
  });

describe('Cuánto dura: our players’ times, the personal estimate and the length filter', () => {
  let api: TestApi;
  let workers: RunningProcess;
  let db: pg.Pool;
  const games: number[] = [];
  const users: number[] = [];

  beforeAll(async () => {
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 });
    api = await startTestApi(backend, { READ_CACHE_TTL_MS: '0' });
    workers = await startProcess('workers', api.env);
  }, SLOW);

  afterAll(async () => {
    if (games.length) await db.query('delete from games where id = any($1)', [games]);
    if (users.length) await db.query('delete from users where id = any($1)', [users]);
    await workers?.stop();
    await api?.close();
    await db?.end();
  }, SLOW);

  const newGame = async (title: string) => {
    const game = await createGame(db, { title: `${title} ${Date.now()}`, platforms: ['PlayStation 5'] });
    games.push(game.id);
    return game;
  };
  const player = async () => {
    const made = await userWithToken(api, db);
    users.push(made.id);
    return made;
  };
  const detail = async (igdbId: number) =>
    (await call(api, 'GET', `/api/games/${igdbId}`)).json() as GameDetail;

  it(
    'gives the median of the players who completed a game on ps5 (10, 12, 14, 16 and 100 h): 14 from 5',
    async () => {
      const game = await newGame('Cinco jugadores');
      const path = `/api/user/games/${game.igdbId}`;
      expect((await detail(game.igdbId)).timeToBeat).toBeNull();
      for (const hours of [10, 12, 14, 16]) {
        const { token } = await player();
        const set = await call(api, 'PUT', `${path}/status`, {
          token,
          body: { status: 'completed', platform: 'ps5', hours },
        });
        expect(set.status).toBe(200);
      }
      // The fifth states no hours: the sum of their sessions counts (5 × 20 h).
      const { token } = await player();
      for (let day = 1; day <= 5; day++)
        await call(api, 'POST', `${path}/sessions`, {
          token,
          body: { date: new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10), minutes: 1200 },
        });
      await call(api, 'PUT', `${path}/status`, { token, body: { status: 'completed', platform: 'ps5' } });

      const timeToBeat = await waitFor(
        async () => {
          const found = (await detail(game.igdbId)).timeToBeat;
          return found?.count === 5 ? found : undefined;
        },
        { what: 'the players’ times computed by the worker', timeoutMs: 30_000 },
      );
      expect(timeToBeat).toEqual({
        main: 14,
        mainExtra: null,
        completionist: null,
        source: 'players',
        count: 5,
        platforms: [{ platform: 'ps5', median: 14, p25: 12, p75: 16, count: 5 }],
      });
      const { rows } = await db.query('select length_hours from games where id = $1', [game.id]);
      expect(rows[0].length_hours).toBe(14);
    },
    SLOW,
  );

  it(
    'gives a player who took twice the median on three games pace 2, and twice the median as the estimate',
    async () => {
      const others: number[] = [];
      for (let n = 0; n < 5; n++) {
        const other = await createUser(db);
        users.push(other.id);
        others.push(other.id);
      }
      const me = await player();
      const completedGames = [];
      for (const title of ['Ritmo uno', 'Ritmo dos', 'Ritmo tres']) {
        const game = await newGame(title);
        await completedBy(db, others, game.id, [10, 10, 10, 10, 10]);
        completedGames.push(game);
      }
      const target = await newGame('Ritmo objetivo');
      await completedBy(db, others, target.id, [8, 8, 8, 8, 8]);
      // Twice the others' 10 h; with mine among six figures the median stays 10.
      for (const game of completedGames)
        await call(api, 'PUT', `/api/user/games/${game.igdbId}/status`, {
          token: me.token,
          body: { status: 'completed', platform: 'ps5', hours: 20 },
        });
      const targetPath = `/api/user/games/${target.igdbId}`;
      await call(api, 'PUT', `${targetPath}/status`, { token: me.token, body: { status: 'playing' } });
      await call(api, 'POST', `${targetPath}/sessions`, {
        token: me.token,
        body: { date: today(), minutes: 180 },
      });

      const estimate = await waitFor(
        async () => {
          const answer = (
            await call(api, 'GET', `${targetPath}/estimate`, { token: me.token })
          ).json() as PlayEstimate;
          return answer.pace !== null && answer.hours !== null ? answer : undefined;
        },
        { what: 'the medians of the four games computed', timeoutMs: 30_000 },
      );
      expect(estimate).toEqual({ hours: 16, pace: 2, basedOn: 3, remaining: 13 });

      // Signed out: a 401; an unknown game: a 404 in Spanish.
      expect((await call(api, 'GET', `${targetPath}/estimate`)).status).toBe(401);
      const unknown = await call(api, 'GET', '/api/user/games/2100000000/estimate', { token: me.token });
      expect([unknown.status, (unknown.json() as { message: string }).message]).toEqual([
        404,
        'Juego no encontrado',
      ]);
    },
    SLOW,
  );

  it(
    'returns with length=short only the games under 10 h, from memory and from the database alike',
    async () => {
      const database = await startTestApi('postgres', { READ_CACHE_TTL_MS: '0', CATALOGUE_MEMORY: 'false' });
      try {
        const lengths = { short: 6.5, edge: 10, long: 45 };
        const made: Record<string, number> = {};
        for (const [name, hours] of Object.entries(lengths)) {
          const game = await newGame(`Duración ${name}`);
          await db.query('update games set length_hours = $2, release_date = $3 where id = $1', [
            game.id,
            hours,
            today(),
          ]);
          made[name] = game.igdbId;
        }
        // Written behind the workers' back: no stored ordering of a length may serve stale anchors.
        await db.query(`delete from catalogue_orderings where sort = 'length' or length is not null`);
        const shortIds = async (base: string, query: string) => {
          const page = JSON.parse(await plainGet(base, `/api/games/all?size=100&${query}`)) as {
            content: { igdbID: number }[];
            totalElements: number;
          };
          return page;
        };
        const fromMemory = await waitFor(
          async () => {
            const page = await shortIds(api.baseUrl, 'length=short');
            return page.content.some((game) => game.igdbID === made.short) ? page : undefined;
          },
          { what: 'the catalogue in memory to read the new lengths', timeoutMs: 15_000 },
        );
        const ids = fromMemory.content.map((game) => game.igdbID);
        expect(ids).not.toContain(made.edge);
        expect(ids).not.toContain(made.long);
        const { rows } = await db.query<{ over: string }>(
          'select count(*) filter (where length_hours is null or length_hours >= 10) as over from games where igdb_id = any($1)',
          [ids],
        );
        expect(Number(rows[0].over)).toBe(0);
        for (const query of [
          'length=short',
          'length=medium',
          'length=long',
          'sortBy=length',
          'sortBy=length&length=long',
        ])
          expect({ query, page: await shortIds(database.baseUrl, query) }).toEqual({
            query,
            page: await shortIds(api.baseUrl, query),
          });
        // Longest first, then the unknown lengths.
        const ordered = (await shortIds(api.baseUrl, 'sortBy=length')).content.map((game) => game.igdbID);
        expect(ordered.indexOf(made.long)).toBeLessThan(ordered.indexOf(made.edge));
        const bad = await call(api, 'GET', '/api/games/all?length=corto');
        expect([bad.status, bad.text]).toEqual([400, expect.stringContaining('length debe ser uno de')]);
        // The search too, through its read lane (a plain query string) and the validation pipe.
        const found = JSON.parse(
          await plainGet(api.baseUrl, '/api/games/search?name=duracion&length=short'),
        ) as {
          igdbID: number;
        }[];
        expect(found.map((game) => game.igdbID)).toContain(made.short);
        expect(found.map((game) => game.igdbID)).not.toContain(made.edge);
        expect(found.map((game) => game.igdbID)).not.toContain(made.long);
        const badSearch = await call(api, 'GET', '/api/games/search?name=duracion&length=corto');
        expect([badSearch.status, badSearch.text]).toEqual([
          400,
          expect.stringContaining('length debe ser uno de'),
        ]);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
