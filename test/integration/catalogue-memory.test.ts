import http from 'node:http';
import 'reflect-metadata';
import pg from 'pg';
import { PLATFORMS } from '@veredicto/contract';
import { CatalogueMemoryService } from '../../api/src/games/catalogue-memory.service.js';
import { ensureDemoCatalogue } from '../support/demo-catalogue.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { waitFor } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET as a plain client sends it: no Accept-Encoding (fetch asks for gzip), so the front door's lane may answer. */
const plainGet = (base: string, path: string) =>
  new Promise<Answer>((resolve, reject) => {
    http
      .get(`${base}${path}`, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      })
      .on('error', reject);
  });

const SORTS = ['releaseDate', 'avRatings', 'avUserRatings'];
const FILTERS = [
  '',
  ...PLATFORMS.map((platform) => `&platform=${platform.id}`),
  '&spanish=audio',
  '&spanish=text',
  '&genre=rol',
  '&genre=plataformas',
  '&year=2015',
  '&scored=true',
  '&mature=true',
  '&addons=true',
  '&platform=switch&genre=rol&scored=true&addons=true&mature=true',
];

describe('the catalogue in the API’s memory', () => {
  let memory: TestApi;
  let database: TestApi;
  let db: pg.Pool;
  const created: number[] = [];

  beforeAll(async () => {
    await ensureDemoCatalogue();
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
    // Read cache off on both: every answer is made for its request.
    memory = await startTestApi('postgres', { READ_CACHE_TTL_MS: '0' });
    database = await startTestApi('postgres', { READ_CACHE_TTL_MS: '0', CATALOGUE_MEMORY: 'false' });
  }, 180_000);

  afterAll(async () => {
    if (created.length) await db.query('delete from games where id = any($1)', [created]);
    await memory?.close();
    await database?.close();
    await db?.end();
  });

  it('answers every order under every filter page for page as the database does', async () => {
    expect(await memory.app.get(CatalogueMemoryService).current()).not.toBeNull();
    expect(await database.app.get(CatalogueMemoryService).current()).toBeNull();
    let compared = 0;
    for (const sort of SORTS)
      for (const filter of FILTERS) {
        const first = JSON.parse(
          (await plainGet(database.baseUrl, `/api/games/all?sortBy=${sort}${filter}`)).body,
        ) as {
          totalPages: number;
        };
        // The first pages, one in the middle, the last one and one past the end; pages of 50 and of 7.
        const pages = new Set([
          0,
          1,
          Math.floor(first.totalPages / 2),
          first.totalPages - 1,
          first.totalPages,
        ]);
        for (const page of pages)
          for (const size of [50, 7]) {
            const path = `/api/games/all?page=${page}&size=${size}&sortBy=${sort}${filter}`;
            const [expected, found] = await Promise.all([
              plainGet(database.baseUrl, path),
              plainGet(memory.baseUrl, path),
            ]);
            expect({ path, status: found.status, body: found.body }).toEqual({
              path,
              status: expected.status,
              body: expected.body,
            });
            compared++;
          }
      }
    expect(compared).toBeGreaterThan(3 * FILTERS.length * 6);
  }, 300_000);

  it('answers from the front door with the application’s own headers, and leaves unusual queries to it', async () => {
    const path = '/api/games/all?page=3&size=20&sortBy=avRatings&platform=ps4';
    const byApplication = await plainGet(memory.baseUrl, path);
    const byLane = await plainGet(memory.baseUrl, path);
    const withoutDate = ({ date: _date, ...headers }: http.IncomingHttpHeaders) => headers;
    expect(byLane.status).toBe(200);
    expect(byLane.body).toBe(byApplication.body);
    expect(withoutDate(byLane.headers)).toEqual(withoutDate(byApplication.headers));
    // Written another way, the same page by the application; a bad value, its 400 in Spanish.
    const unusual = await plainGet(
      memory.baseUrl,
      '/api/games/all?page=03&size=20&sortBy=avRatings&platform=ps4',
    );
    expect(unusual.body).toBe(byLane.body);
    const bad = await plainGet(memory.baseUrl, '/api/games/all?page=3&platform=gamecube');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('platform debe ser uno de');
  });

  it('searches from memory as the database’s rows do, by the lane and by the application', async () => {
    const { rows } = await db.query<{ title: string }>(
      'select title from games where not mature and critic_review_count > 0 order by id limit 6',
    );
    const texts = [
      ...rows.map(({ title }) => title),
      ...rows.map(({ title }) => title.slice(0, 5)),
      // Typos, a garbled text, franchise abbreviations, nothing at all and its '¿Quizás buscabas…?'.
      ...rows.map(({ title }) => title.replace(/([a-z])([a-z])/i, '$2$1')),
      'the lord of the rings two towers cheats',
      'gta 5',
      'mario kart',
      'zelda',
      'pokemon',
      'final fantasy',
      'xqzvw',
      // Nothing found, and '¿Quizás buscabas…?' names the closest title (search.test.ts).
      'hollwo kniht',
      'nothing like this exists anywhere',
    ];
    const queries = texts.flatMap((text) => {
      const name = encodeURIComponent(text);
      return [
        `name=${name}`,
        `name=${name}&page=1&size=5`,
        `name=${name}&spanish=text`,
        `name=${name}&mature=true`,
      ];
    });
    const seen = (answer: Answer) => ({
      status: answer.status,
      total: answer.headers['x-total-count'],
      didYouMean: answer.headers['x-did-you-mean'],
      body: answer.body,
    });
    let found = 0;
    for (const query of queries) {
      const path = `/api/games/search?${query}`;
      const expected = seen(await plainGet(database.baseUrl, path));
      // The first answer on the path is the application's, the next ones the lane's.
      for (let time = 0; time < 2; time++)
        expect({ query, ...seen(await plainGet(memory.baseUrl, path)) }).toEqual({ query, ...expected });
      // Through the framework too (compression asked for: never the lane).
      const compressed = await fetch(`${memory.baseUrl}${path}`);
      expect({ query, status: compressed.status, body: await compressed.text() }).toEqual({
        query,
        status: expected.status,
        body: expected.body,
      });
      if (Number(expected.total) > 0) found++;
    }
    expect(found).toBeGreaterThan(queries.length / 2);
    expect(
      decodeURIComponent(
        String(
          (await plainGet(memory.baseUrl, '/api/games/search?name=hollwo+kniht')).headers['x-did-you-mean'],
        ),
      ),
    ).toBe('Hollow Knight');
    // What the lane does not read plainly is the application's: a 400 in Spanish.
    const bad = await plainGet(memory.baseUrl, '/api/games/search?name=zelda&page=501');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('page es demasiado grande');
  }, 300_000);

  it('shows a game added, changed or removed in the database within seconds', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const game = await createGame(db, {
      title: 'Memoria de catálogo',
      platforms: ['Nintendo Switch 2'],
      releaseDate: today,
    });
    created.push(game.id);
    const firstOf = async (query: string) =>
      (
        JSON.parse((await plainGet(memory.baseUrl, `/api/games/all?${query}`)).body) as {
          content: { igdbID: number; avRatings: number | null }[];
        }
      ).content[0];
    const newest = 'sortBy=releaseDate&platform=switch-2';
    await waitFor(async () => (await firstOf(newest))?.igdbID === game.igdbId, {
      what: 'the new game first',
    });
    // The search finds it too, its card the catalogue's (by the lane: no compression asked for).
    const searched = async () =>
      JSON.parse(
        (
          await plainGet(
            memory.baseUrl,
            `/api/games/search?name=${encodeURIComponent('memoria de catalogo')}`,
          )
        ).body,
      ) as { igdbID: number; avRatings: number | null }[];
    await waitFor(async () => (await searched())[0]?.igdbID === game.igdbId, { what: 'the new game found' });
    // A critic average moves it to the top of the critics' order.
    await db.query('update games set av_ratings = 100, critic_review_count = 9 where id = $1', [game.id]);
    await waitFor(
      async () => {
        const first = await firstOf('sortBy=avRatings&platform=switch-2&scored=true');
        return first?.igdbID === game.igdbId && first.avRatings === 100;
      },
      { what: 'the new critic average' },
    );
    await waitFor(async () => (await searched())[0]?.avRatings === 100, { what: 'the found card changed' });
    await db.query('delete from games where id = $1', [game.id]);
    created.pop();
    await waitFor(async () => (await firstOf(newest))?.igdbID !== game.igdbId, { what: 'the removal' });
    await waitFor(async () => !(await searched()).some((card) => card.igdbID === game.igdbId), {
      what: 'the removal from the search',
    });
    // And the database's answer agrees.
    const path = `/api/games/all?${newest}`;
    expect((await plainGet(memory.baseUrl, path)).body).toBe((await plainGet(database.baseUrl, path)).body);
  });
});
