import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { ensureDemoCatalogue } from '../support/demo-catalogue.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const SLOW = 120_000;
/** A text the fake service refuses, as LibreTranslate refuses what it cannot handle (400 + error). */
const REFUSED = 'TEXTO QUE EL SERVICIO RECHAZA';

/** LibreTranslate's real request and answer shapes: POST /translate {q, source, target, format, api_key}. */
function fakeLibreTranslate(requests: Record<string, unknown>[]) {
  return http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.method !== 'POST' || request.url !== '/translate') return json(404, { error: 'Not Found' });
      const input = JSON.parse(body) as Record<string, unknown>;
      requests.push(input);
      if (input.api_key !== 'clave-libre') return json(403, { error: 'Invalid API key' });
      if (String(input.q).includes(REFUSED)) return json(400, { error: 'Invalid request: text' });
      json(200, { translatedText: `[es] ${String(input.q)}` });
    });
  });
}

describe('a Spanish catalogue: seed synopses, genres, dates and the translate-game job', () => {
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Client;
  const translateRequests: Record<string, unknown>[] = [];
  const fake = fakeLibreTranslate(translateRequests);
  const backend = ONE_BACKEND;

  const get = async (path: string) => {
    const response = await fetch(`${api.baseUrl}${path}`);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
  };

  beforeAll(async () => {
    await ensureDemoCatalogue();
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    api = await startTestApi(backend, {
      TRANSLATE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      TRANSLATE_API_KEY: 'clave-libre',
      TRANSLATE_BATCH_SIZE: '3',
      READ_CACHE_TTL_MS: '0',
    });
  }, SLOW);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  }, SLOW);

  it.each([
    [119133, 'Elden Ring', /FromSoftware/, ['Rol', 'Aventura']],
    [1942, 'The Witcher 3: Wild Hunt', /CD Projekt/i, ['Rol', 'Aventura']],
    [20, 'BioShock', /submarina/, ['Disparos', 'Puzles', 'Rol', 'Aventura']],
  ])('%i %s answers its Spanish synopsis and Spanish genres', async (igdbId, title, text, genres) => {
    const { status, body } = await get(`/api/games/${igdbId}`);
    expect(status).toBe(200);
    expect(body.title).toBe(title);
    expect(body.summary).toMatch(text);
    expect(body.summaryLanguage).toBe('es');
    expect(body.summarySource).toBe('seed');
    expect(body.genres).toEqual(genres);
  });

  it('answers the official Spanish title and translates the genres of games outside the file', async () => {
    expect((await get('/api/games/191931')).body.titleEs).toBe('Pokémon Escarlata');
    const { rows } = await db.query(
      `select igdb_id from games
       where summary_es is null and summary is not null and 'Role-playing (RPG)' = any(genres)
       order by igdb_id limit 1`,
    );
    const { body } = await get(`/api/games/${rows[0].igdb_id}`);
    expect(body.summaryLanguage).toBe('en');
    expect(body.summarySource).toBeNull();
    expect(body.genres).toContain('Rol');
    expect(body.genres).not.toContain('Role-playing (RPG)');
  });

  it('writes a Spanish meta description and VideoGame JSON-LD with the averages into the game page', async () => {
    const detail = (await get('/api/games/119133')).body;
    const page = await fetch(`${api.baseUrl}/game/elden-ring/119133`);
    const html = await page.text();
    expect(html).toContain(`<meta name="description" content="${detail.summary.slice(0, 40)}`);
    expect(html).toContain(`<meta property="og:description" content="${detail.summary.slice(0, 40)}`);
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    const jsonLd = JSON.parse(script![1]);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: 'Elden Ring',
      genre: ['Rol', 'Aventura'],
      author: [{ '@type': 'Organization', name: expect.stringMatching(/FromSoftware/) }],
      publisher: expect.arrayContaining([{ '@type': 'Organization', name: expect.any(String) }]),
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: detail.avRatings,
        ratingCount: detail.criticReviewCount,
        bestRating: 100,
        worstRating: 0,
      },
    });
  });

  it('stores release date precision and never an invented day for IGDB year placeholders', async () => {
    const { rows } = await db.query(
      `select igdb_id, to_char(release_date, 'YYYY-MM-DD') as release_date, release_date_precision
       from games where release_date > current_date and to_char(release_date, 'MM-DD') = '12-31' limit 1`,
    );
    expect(rows[0].release_date_precision).toBe('year');
    const { body } = await get(`/api/games/${rows[0].igdb_id}`);
    expect(body.releaseDatePrecision).toBe('year');
    const past = (await get('/api/games/119133')).body;
    expect(past).toMatchObject({ releaseDate: '2022-02-25', releaseDatePrecision: 'day' });
  });

  it(
    'translate-game sends English synopses to the service, stores the Spanish text with its source, and leaves refused ones in English',
    async () => {
      // The sweep takes the best-known games without Spanish text first: make the first one a refused text.
      // (Its figures stay as they are: the workers' reconciliation would repair a faked review count.)
      const {
        rows: [refused],
      } = await db.query(
        `update games set summary = summary || ' ' || $1::text
         where id = (select id from games where summary_es is null and summary is not null
                     order by critic_review_count desc, user_rating_count desc, id limit 1)
         returning id, igdb_id`,
        [REFUSED],
      );
      const before = (await get(`/api/games/${refused.igdb_id}`)).body;
      expect(before.summaryLanguage).toBe('en');

      // Other tests of the run (the IGDB import) may have translated games already: count only new ones.
      const earlier = (
        await db.query(`select id from games where summary_es_source = 'libretranslate'`)
      ).rows.map((row) => Number(row.id));
      workers = await startProcess('workers', api.env);
      const translated = await waitFor(
        async () => {
          const { rows } = await db.query(
            `select id, igdb_id, summary, summary_es, summary_es_source from games
             where summary_es_source = 'libretranslate' and not (id = any($1::int[])) order by id`,
            [earlier],
          );
          return rows.length === 2 ? rows : null;
        },
        { timeoutMs: 60_000, what: 'two translated games' },
      );
      for (const game of translated) {
        expect(game.summary_es).toBe(`[es] ${game.summary}`);
        expect(translateRequests).toContainEqual({
          q: game.summary,
          source: 'en',
          target: 'es',
          format: 'text',
          api_key: 'clave-libre',
        });
      }
      // The refused text is not retried: marked as failed, still English, labelled as such.
      await waitFor(
        async () =>
          (await db.query(`select translation_failed_at from games where id = $1`, [refused.id])).rows[0]
            .translation_failed_at,
        { timeoutMs: 30_000, what: 'the refused translation marked as failed' },
      );
      expect(translateRequests.filter((request) => String(request.q).includes(REFUSED))).toHaveLength(1);
      const after = (await get(`/api/games/${refused.igdb_id}`)).body;
      expect(after.summaryLanguage).toBe('en');

      const detail = await waitFor(
        async () => {
          const { body } = await get(`/api/games/${translated[0].igdb_id}`);
          return body.summarySource === 'libretranslate' ? body : null;
        },
        { what: 'the API answering the translation' },
      );
      expect(detail).toMatchObject({ summary: translated[0].summary_es, summaryLanguage: 'es' });
    },
    SLOW,
  );
});
