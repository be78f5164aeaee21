import { jest } from '@jest/globals';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import 'reflect-metadata';
import pg from 'pg';
import { PLATFORMS } from '@veredicto/contract';
import { CatalogueMemoryService } from '../../api/src/games/catalogue-memory.service.js';
import { GamesService } from '../../api/src/games/games.service.js';
import { SearchIndexService } from '../../api/src/games/search-index.service.js';
import { ensureDemoCatalogue } from '../support/demo-catalogue.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { waitFor } from '../support/processes.js';
import { QUEUE_BACKENDS, testEnv } from '../support/test-env.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What Chromium sends, and CDNs forward. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

/** The body as sent, decoded by its Content-Encoding. */
function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'zstd') return zstdDecompressSync(body);
  if (encoding) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return body;
}

/** A GET with this Accept-Encoding (none: as a plain client sends it), its body decoded. */
const get = (base: string, path: string, acceptEncoding?: string) =>
  new Promise<Answer & { bytes: number }>((resolve, reject) => {
    http
      .get(
        `${base}${path}`,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const sent = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: decode(sent, response.headers['content-encoding']).toString(),
              bytes: sent.length,
            });
          });
        },
      )
      .on('error', reject);
  });

const plainGet = (base: string, path: string) => get(base, path);

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

// Both queue backends (docs/TESTING.md): the read model is kept fresh by what the queues carry too.
describe.each(QUEUE_BACKENDS)('the catalogue in the API’s memory (%s queues)', (backend) => {
  let memory: TestApi;
  let database: TestApi;
  /** As `npm start` runs it: the read cache on, search pages kept while the read model is unchanged. */
  let cached: TestApi;
  let db: pg.Pool;
  const created: number[] = [];

  beforeAll(async () => {
    await ensureDemoCatalogue();
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
    // Read cache off on both: every answer is made for its request.
    memory = await startTestApi(backend, { READ_CACHE_TTL_MS: '0' });
    database = await startTestApi(backend, { READ_CACHE_TTL_MS: '0', CATALOGUE_MEMORY: 'false' });
    cached = await startTestApi(backend);
  }, 180_000);

  afterAll(async () => {
    if (created.length) await db.query('delete from games where id = any($1)', [created]);
    await memory?.close();
    await database?.close();
    await cached?.close();
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

  it('answers every order, filter and search from memory, never from the database nor the framework, whatever the client accepts', async () => {
    // The slow path, counted: the controller's catalogue page (reached only through the framework), the
    // database's page, and the searches the index cannot answer alone.
    const slow = [
      jest.spyOn(GamesService.prototype, 'findPage'),
      jest.spyOn(GamesService.prototype as unknown as { loadPage: () => Promise<unknown> }, 'loadPage'),
      jest.spyOn(SearchIndexService.prototype, 'search'),
      jest.spyOn(SearchIndexService.prototype, 'didYouMean'),
    ];
    const calls = () => slow.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    try {
      // After a first read (any clear owed is read by then).
      await plainGet(memory.baseUrl, '/api/games/all');
      await memory.app.get(CatalogueMemoryService).current();
      const paths = [
        ...SORTS.flatMap((sort) =>
          FILTERS.map((filter) => `/api/games/all?page=1&size=20&sortBy=${sort}${filter}`),
        ),
        '/api/games/all',
        '/api/games/search?name=zelda',
        '/api/games/search?name=mario+kart&page=1&size=5',
        '/api/games/search?name=final%20fantasy&spanish=text',
        '/api/games/search?name=hollwo+kniht',
      ];
      for (const encoding of [undefined, BROWSER_ENCODING, 'gzip', 'br', 'identity']) {
        const before = calls();
        for (const path of paths) {
          const answer = await get(memory.baseUrl, path, encoding);
          expect({ path, encoding, status: answer.status }).toEqual({ path, encoding, status: 200 });
        }
        expect({ encoding, slowCalls: calls() - before }).toEqual({ encoding, slowCalls: 0 });
      }
      // The same page written another way is the framework's: the spy sees it (the test can fail).
      const before = calls();
      await get(memory.baseUrl, '/api/games/all?page=01&size=20', BROWSER_ENCODING);
      expect(calls()).toBeGreaterThan(before);
    } finally {
      for (const spy of slow) spy.mockRestore();
    }
  });

  it('sends compressed bodies that decode to the framework’s JSON, with its headers and Vary', async () => {
    const pairs = [
      // The lane's query, and the same page written so that only the framework reads it.
      [
        '/api/games/all?page=3&size=20&sortBy=avRatings&platform=ps4',
        '/api/games/all?page=03&size=20&sortBy=avRatings&platform=ps4',
      ],
      ['/api/games/search?name=zelda&size=30', '/api/games/search?name=zelda&size=030'],
    ];
    const framing = ['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];
    const without = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !framing.includes(name)));
    for (const [lanePath, frameworkPath] of pairs)
      for (const [encoding, expected] of [
        [BROWSER_ENCODING, 'zstd'],
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=0, identity', undefined],
        [undefined, undefined],
      ] as const) {
        const [byLane, byFramework] = [
          await get(memory.baseUrl, lanePath, encoding),
          await get(memory.baseUrl, frameworkPath, encoding),
        ];
        const plain = await get(database.baseUrl, lanePath);
        expect({ lanePath, encoding, sent: byLane.headers['content-encoding'] }).toEqual({
          lanePath,
          encoding,
          sent: expected,
        });
        expect(byLane.body).toBe(plain.body);
        expect(byFramework.body).toBe(plain.body);
        expect(String(byLane.headers.vary)).toMatch(/Accept-Encoding/);
        expect(Number(byLane.headers['content-length'])).toBe(byLane.bytes);
        expect(without(byLane.headers)).toEqual(without(byFramework.headers));
        expect(byLane.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
        expect(byLane.headers['content-security-policy']).toContain("default-src 'none'");
      }
    // Unusual queries stay the application's: a bad value, its 400 in Spanish.
    const bad = await get(memory.baseUrl, '/api/games/all?page=3&platform=gamecube', BROWSER_ENCODING);
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
      // By the lane, as a plain client and as a browser.
      expect({ query, ...seen(await plainGet(memory.baseUrl, path)) }).toEqual({ query, ...expected });
      expect({ query, ...seen(await get(memory.baseUrl, path, BROWSER_ENCODING)) }).toEqual({
        query,
        ...expected,
      });
      // Through the framework too (a parameter's name percent-encoded: never the lane).
      const compressed = await fetch(`${memory.baseUrl}${path.replace('?name=', '?%6Eame=')}`);
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
    const searched = async (baseUrl = memory.baseUrl) =>
      JSON.parse(
        (await plainGet(baseUrl, `/api/games/search?name=${encodeURIComponent('memoria de catalogo')}`)).body,
      ) as { igdbID: number; avRatings: number | null }[];
    await waitFor(async () => (await searched())[0]?.igdbID === game.igdbId, { what: 'the new game found' });
    // With the read cache on, the search page is kept: read it now, so the change below must replace it.
    await waitFor(async () => (await searched(cached.baseUrl))[0]?.igdbID === game.igdbId, {
      what: 'the new game found with the read cache on',
    });
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
    await waitFor(async () => (await searched(cached.baseUrl))[0]?.avRatings === 100, {
      what: 'the found card changed with the read cache on',
    });
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
