import 'reflect-metadata';
import type http from 'node:http';
import type pg from 'pg';
import type { TestApi } from '../support/api-app.js';
import { LocalFakeServerWithBody } from '../support/local-fake-server.js';
import { call } from '../support/local-site.js';
import { waitFor } from '../support/processes.js';
import { runCatalogueJob, startSiteWithWorkers, type SiteWithWorkers } from '../support/site-with-workers.js';
import { ONE_BACKEND } from '../support/test-env.js';

/** Worker processes, Chromium and retries make hooks and tests slower than Jest's default. */
const SLOW = 90_000;

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** IGDB's real answer shape for the fields the importer asks for. */
function recentGames(title: string, languageSupports?: unknown[]) {
  return [
    {
      id: 990_000_001,
      ...(languageSupports ? { language_supports: languageSupports } : {}),
      name: title,
      first_release_date: now() - 10 * DAY,
      platforms: [167, 6, 999],
      cover: { id: 1, image_id: 'co9abc' },
      artworks: [{ id: 2, image_id: 'ar1xyz' }],
      screenshots: [
        { id: 3, image_id: 'sc1aaa' },
        { id: 4, image_id: 'sc2bbb' },
      ],
      videos: [{ id: 5, name: 'Tráiler de lanzamiento', video_id: 'dQw4w9WgXcQ' }],
      summary: 'Un juego de rol por turnos.',
      genres: [
        { id: 12, name: 'Role-playing (RPG)' },
        { id: 16, name: 'Turn-based strategy (TBS)' },
      ],
      involved_companies: [
        { id: 7, company: { id: 70, name: 'Sandfall Interactive' }, developer: true, publisher: false },
        { id: 8, company: { id: 80, name: 'Kepler Interactive' }, developer: false, publisher: true },
      ],
      aggregated_rating: 91.6,
      alternative_names: [
        { id: 21, name: 'Expedición 33: Claroscuro', comment: 'Spanish title' },
        { id: 22, name: 'クレール・オブスキュール：エクスペディション33', comment: 'Japanese title' },
        { id: 23, name: 'clair obscur expedition 33', comment: 'Other' },
      ],
      game_localizations: [{ id: 31, name: 'Claroscuro: Expedición 33', region: { id: 1, name: 'Europe' } }],
    },
    // Only on platforms the site does not cover: skipped.
    { id: 990_000_002, name: 'Juego de móvil', first_release_date: now() - 5 * DAY, platforms: [34, 39] },
  ];
}

/**
 * IGDB's /game_time_to_beats rows as the API answers them (https://api-docs.igdb.com/#game-time-to-beat):
 * seconds to finish hastily (main story), normally (with extras) and completely, from `count` submissions,
 * keyed by `game_id`, with IGDB's own id, dates (Unix seconds) and checksum.
 */
const timeToBeats = (updated = now() - 3 * DAY) => [
  {
    id: 4711,
    game_id: 990_000_001,
    hastily: 30_600,
    normally: 109_800,
    completely: 183_600,
    count: 42,
    created_at: updated - 200 * DAY,
    updated_at: updated,
    checksum: '5d6f8b2a-1c3e-4f7a-9b0d-2e4c6a8f1b3d',
  },
];

/** 31 December, 15 years from the run's year (IGDB writes '2040-12-31'): a placeholder, not a plan. */
const PLACEHOLDER = Date.UTC(new Date().getUTCFullYear() + 15, 11, 31) / 1000;

const upcomingGames = (soon = now() + 60 * DAY) => [
  {
    id: 990_000_003,
    name: 'Aventura Futura',
    first_release_date: soon,
    // IGDB's release dates say how much of the date is known: here a quarter (date_format 3 = YYYYQ1).
    release_dates: [
      { id: 12, date: soon, date_format: 3, category: 3 },
      { id: 13, date: soon + 30 * DAY, date_format: 0, category: 0 },
    ],
    platforms: [508, 130],
    cover: { id: 9, image_id: 'co9fut' },
    // IGDB's theme of adult games: kept out of the catalogue's lists (docs/CONTRACT.md §16).
    themes: [{ id: 42, name: 'Erotic' }],
    involved_companies: [
      { id: 10, company: { id: 100, name: 'Estudio Uno' }, developer: true, publisher: true },
    ],
  },
  {
    id: 990_000_004,
    name: 'Secuela Sin Fecha',
    first_release_date: PLACEHOLDER,
    release_dates: [{ id: 14, date: PLACEHOLDER, date_format: 0, category: 0 }],
    platforms: [167],
  },
];

describe('scrape-catalogue: IGDB import against a local fake IGDB', () => {
  const requests: { path: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  let recentTitle = 'Clair Obscur: Expedition 33';
  let languageSupports: unknown[] | undefined;
  const fake = new (class extends LocalFakeServerWithBody {
    protected reply(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
      requests.push({ path: request.url ?? '', body, headers: request.headers });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.method === 'POST' && request.url === '/oauth2/token') {
        const form = new URLSearchParams(body);
        if (
          form.get('client_id') !== 'cliente' ||
          form.get('client_secret') !== 'secreto' ||
          form.get('grant_type') !== 'client_credentials'
        ) {
          return json(400, { status: 400, message: 'invalid client' });
        }
        return json(200, { access_token: 'token-de-prueba', expires_in: 5_000_000, token_type: 'bearer' });
      }
      if (request.method === 'POST' && request.url === '/v4/games') {
        if (
          request.headers['client-id'] !== 'cliente' ||
          request.headers.authorization !== 'Bearer token-de-prueba'
        ) {
          return json(401, { message: 'Authorization Failure' });
        }
        if (/offset [1-9]/.test(body)) return json(200, []);
        return json(
          200,
          /sort first_release_date desc/.test(body)
            ? recentGames(recentTitle, languageSupports)
            : upcomingGames(),
        );
      }
      if (request.method === 'POST' && request.url === '/v4/game_time_to_beats') {
        // Only the games asked for, as IGDB filters `where game_id = (…)`.
        const asked = /where game_id = \(([\d,]+)\)/.exec(body)?.[1].split(',').map(Number) ?? [];
        return json(
          200,
          timeToBeats().filter((row) => asked.includes(row.game_id)),
        );
      }
      if (request.method === 'POST' && request.url === '/v4/external_games') {
        // IGDB's external games of the games and sources asked for (docs/PRICES.md: the stores' ids).
        const asked = /where game = \(([\d,]+)\)/.exec(body)?.[1].split(',').map(Number) ?? [];
        return json(
          200,
          [
            { id: 51, game: 990_000_001, uid: '1903340', external_game_source: 1 },
            { id: 52, game: 990_000_001, uid: '9PKS3G6M3W4K', external_game_source: 11 },
          ].filter((row) => asked.includes(row.game) && /external_game_source = \(1,11\)/.test(body)),
        );
      }
      // A LibreTranslate-compatible service for the translate-game jobs the import queues.
      if (request.method === 'POST' && request.url === '/translate') {
        return json(200, { translatedText: `[es] ${(JSON.parse(body) as { q: string }).q}` });
      }
      json(404, { message: 'not found' });
    }
  })();
  let site: SiteWithWorkers;
  let api: TestApi;
  let db: pg.Client;

  beforeAll(async () => {
    await fake.start();
    site = await startSiteWithWorkers({
      backend: ONE_BACKEND,
      env: {
        IGDB_CLIENT_ID: 'cliente',
        IGDB_CLIENT_SECRET: 'secreto',
        IGDB_API_URL: `${fake.origin}/v4`,
        TWITCH_TOKEN_URL: `${fake.origin}/oauth2/token`,
        TRANSLATE_URL: fake.origin,
        TRANSLATE_BATCH_SIZE: '1',
      },
    });
    ({ api, db } = site);
    // Sources left by other test files point at servers that are gone: the catalogue job would wait for
    // their retries. This test is about IGDB only.
    await db.query(`delete from scraper_sources`);
  }, SLOW);

  afterAll(async () => {
    await site?.stop();
    await fake.close();
  }, SLOW);

  const runCatalogue = () => runCatalogueJob(site);

  const storedGames = async () =>
    (
      await db.query(
        `select igdb_id, title, slug, platforms, to_char(release_date, 'YYYY-MM-DD') as release_date, image_cover,
           image_art, summary, genres, developers, publishers, screenshots, big_screenshots, videos, igdb_rating, mature
         from games where igdb_id between 990000001 and 990000003 order by igdb_id`,
      )
    ).rows;

  it(
    'creates the recent and upcoming games on the site platforms, then updates them',
    async () => {
      const job = await runCatalogue();
      expect(job.result).toEqual({ sources: 0, gamesImported: 3 });

      const games = await storedGames();
      expect(games).toEqual([
        {
          igdb_id: 990_000_001,
          title: 'Clair Obscur: Expedition 33',
          slug: 'clair-obscur-expedition-33',
          platforms: ['PlayStation 5', 'PC'],
          release_date: isoDay(now() - 10 * DAY),
          image_cover: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co9abc.jpg',
          image_art: 'https://images.igdb.com/igdb/image/upload/t_1080p/ar1xyz.jpg',
          summary: 'Un juego de rol por turnos.',
          genres: ['Role-playing (RPG)', 'Turn-based strategy (TBS)'],
          developers: ['Sandfall Interactive'],
          publishers: ['Kepler Interactive'],
          screenshots: [
            'https://images.igdb.com/igdb/image/upload/t_screenshot_med/sc1aaa.jpg',
            'https://images.igdb.com/igdb/image/upload/t_screenshot_med/sc2bbb.jpg',
          ],
          big_screenshots: [
            'https://images.igdb.com/igdb/image/upload/t_1080p/sc1aaa.jpg',
            'https://images.igdb.com/igdb/image/upload/t_1080p/sc2bbb.jpg',
          ],
          videos: [{ id: 1, title: 'Tráiler de lanzamiento', videoID: 'dQw4w9WgXcQ' }],
          igdb_rating: expect.closeTo(91.6, 3),
          mature: false,
        },
        expect.objectContaining({
          igdb_id: 990_000_003,
          title: 'Aventura Futura',
          platforms: ['Nintendo Switch 2', 'Nintendo Switch'],
          release_date: isoDay(now() + 60 * DAY),
          developers: ['Estudio Uno'],
          publishers: ['Estudio Uno'],
          screenshots: [],
          videos: [],
          mature: true,
        }),
      ]);

      // Precision survives the import; a date decades ahead is stored as unknown.
      const precision = await db.query(
        `select igdb_id, to_char(release_date, 'YYYY-MM-DD') as release_date, release_date_precision
         from games where igdb_id between 990000001 and 990000004 order by igdb_id`,
      );
      expect(precision.rows).toEqual([
        { igdb_id: 990_000_001, release_date: isoDay(now() - 10 * DAY), release_date_precision: 'day' },
        { igdb_id: 990_000_003, release_date: isoDay(now() + 60 * DAY), release_date_precision: 'quarter' },
        { igdb_id: 990_000_004, release_date: null, release_date_precision: null },
      ]);
      expect((await call(api.baseUrl, 'GET', '/api/games/990000003')).body.releaseDatePrecision).toBe(
        'quarter',
      );

      // The imported game with an English synopsis is queued for translation and gets a Spanish one.
      const translated = await waitFor(
        async () =>
          (
            await db.query(
              `select summary_es, summary_es_source from games where igdb_id = 990000001 and summary_es is not null`,
            )
          ).rows[0],
        { timeoutMs: 30_000, what: 'the imported game translated' },
      );
      expect(translated).toEqual({
        summary_es: '[es] Un juego de rol por turnos.',
        summary_es_source: 'libretranslate',
      });

      // IGDB's time to beat of the imported games, in hours with one decimal on the game's answer.
      const times = requests.filter((request) => request.path === '/v4/game_time_to_beats');
      expect(times.map((request) => request.body)).toEqual([
        expect.stringMatching(
          /^fields game_id,hastily,normally,completely,count,updated_at; where game_id = \((\d+,)*990000001(,\d+)*\); limit 500;$/,
        ),
      ]);
      const stored = await db.query(
        `select t.source, t.hastily, t.normally, t.completely, t.count, g.length_hours
         from game_time_to_beats t join games g on g.id = t.game_id where g.igdb_id = 990000001`,
      );
      expect(stored.rows).toEqual([
        {
          source: 'igdb',
          hastily: 30_600,
          normally: 109_800,
          completely: 183_600,
          count: 42,
          length_hours: 8.5,
        },
      ]);
      // The stores' ids from IGDB's external games: the Steam app and the Microsoft Store product.
      const storeIds = await db.query(
        `select s.store, s.store_id, s.source from game_store_ids s join games g on g.id = s.game_id
         where g.igdb_id = 990000001 order by s.store`,
      );
      expect(storeIds.rows).toEqual([
        { store: 'steam', store_id: '1903340', source: 'igdb' },
        { store: 'xbox', store_id: '9PKS3G6M3W4K', source: 'igdb' },
      ]);
      expect((await call(api.baseUrl, 'GET', '/api/games/990000001')).body.timeToBeat).toEqual({
        main: 8.5,
        mainExtra: 30.5,
        completionist: 51,
        source: 'igdb',
        count: 42,
        platforms: [],
      });

      const queries = requests.filter((request) => request.path === '/v4/games');
      expect(queries).toHaveLength(2);
      for (const query of queries) {
        expect(query.body).toContain(
          'fields name,first_release_date,release_dates.date,release_dates.date_format,release_dates.category,platforms,cover.image_id',
        );
        expect(query.body).toContain('platforms = (6,8,9,48,49,130,167,169,508)');
      }
      // Recent releases first, then the upcoming ones, one after the other (the spacing of IGDB's 4 requests
      // a second is request-spacing.spec.ts's business, on a fake clock).
      expect(queries.map((query) => /sort first_release_date (\w+)/.exec(query.body)?.[1])).toEqual([
        'desc',
        'asc',
      ]);

      // Alternative names and localised titles become search aliases: Latin-script ones, without the title.
      const aliases = await db.query(
        `select a.alias from game_aliases a join games g on g.id = a.game_id
         where g.igdb_id = 990000001 and a.kind = 'igdb' order by a.alias`,
      );
      expect(aliases.rows.map((row) => row.alias)).toEqual([
        'Claroscuro: Expedición 33',
        'Expedición 33: Claroscuro',
      ]);
      for (const query of queries) expect(query.body).toContain('alternative_names.name');
      // The search reads the catalogue in memory: told by the job's completion event, which may reach the
      // API a moment after the poll above saw the job completed, and read again every second at the latest.
      const found = await waitFor(
        async () => {
          const { body } = await call(api.baseUrl, 'GET', '/api/games/search?name=claroscuro');
          return body[0]?.igdbID === 990_000_001 ? body : undefined;
        },
        { what: 'the search to find the imported game', timeoutMs: 10_000 },
      );
      expect(found[0]).toMatchObject({ igdbID: 990_000_001 });

      const { body: detail } = await call(api.baseUrl, 'GET', '/api/games/990000001');
      expect(detail).toMatchObject({
        igdbID: 990_000_001,
        title: 'Clair Obscur: Expedition 33',
        developers: ['Sandfall Interactive'],
      });

      // A second run updates in place.
      recentTitle = 'Clair Obscur: Expedition 33 (edición final)';
      const again = await runCatalogue();
      expect(again.result.gamesImported).toBe(3);
      const updated = await storedGames();
      expect(updated).toHaveLength(2);
      expect(updated[0]).toMatchObject({
        title: recentTitle,
        slug: 'clair-obscur-expedition-33-edicion-final',
      });
    },
    SLOW,
  );

  it(
    'records what IGDB changed of a known game (date, platforms) with its event, and nothing when it is the same',
    async () => {
      // The site knew another date and one platform of 'Aventura Futura' before this import.
      await db.query(
        `update games set release_date = current_date + 200, release_date_precision = 'day',
           platforms = '{Nintendo Switch}' where igdb_id = 990000003`,
      );
      const { rows: known } = await db.query(
        `select to_char(release_date, 'YYYY-MM-DD') as day from games where igdb_id = 990000003`,
      );
      const changesOf = async () =>
        (
          await db.query(
            `select id, what, before, after, changed_by from game_changes where game_igdb_id = 990000003 order by id`,
          )
        ).rows;
      expect(await changesOf()).toEqual([]);

      await runCatalogue();
      const changes = await changesOf();
      expect(changes).toHaveLength(1);
      const [stored] = (
        await db.query(
          `select to_char(release_date, 'YYYY-MM-DD') as day, release_date_precision, platforms
           from games where igdb_id = 990000003`,
        )
      ).rows;
      expect(changes[0]).toMatchObject({
        what: ['releaseDate', 'releaseDatePrecision', 'platforms'],
        before: {
          releaseDate: known[0].day,
          releaseDatePrecision: 'day',
          platforms: ['Nintendo Switch'],
        },
        after: {
          releaseDate: stored.day,
          releaseDatePrecision: 'quarter',
          platforms: stored.platforms,
        },
        changed_by: 'igdb',
      });
      expect(stored.platforms).toEqual(['Nintendo Switch 2', 'Nintendo Switch']);
      const { rows: events } = await db.query(
        `select payload->'event' as event from job_outbox
         where job_name = 'dispatch-domain-event' and payload->'event'->>'name' = 'game.facts-changed'
           and (payload->'event'->>'igdbId')::int = 990000003`,
      );
      expect(events.map((row) => row.event)).toEqual([
        { name: 'game.facts-changed', igdbId: 990_000_003, changeId: Number(changes[0].id) },
      ]);

      await runCatalogue();
      expect(await changesOf()).toHaveLength(1);
    },
    SLOW,
  );

  it(
    "stores IGDB's language_supports as igdb entries with their history and event, beside a player's entry",
    async () => {
      // A player's accepted report already says the PlayStation 5 version has no Spanish voices.
      await db.query(
        `insert into game_languages (game_id, platform, locale, text, audio, source, source_ref, as_of)
         select id, 'ps5', 'es-ES', true, false, 'user', 'report:1', '2026-01-10' from games where igdb_id = 990000001`,
      );
      const updated = now() - 30 * DAY;
      // IGDB API v4's shape: language {locale, name, native_name}, language_support_type {name}.
      const spanish = { id: 26, locale: 'es-ES', name: 'Spanish (Spain)', native_name: 'Español (España)' };
      const english = { id: 7, locale: 'en-US', name: 'English', native_name: 'English (US)' };
      const row = (id: number, language: object, type: 'Audio' | 'Subtitles' | 'Interface') => ({
        id,
        language,
        language_support_type: { id: { Audio: 1, Subtitles: 2, Interface: 3 }[type], name: type },
        updated_at: updated,
      });
      languageSupports = [
        row(501, english, 'Audio'),
        row(502, english, 'Interface'),
        row(503, spanish, 'Interface'),
        row(504, spanish, 'Subtitles'),
      ];
      const entries = async () =>
        (
          await db.query(
            `select l.platform, l.locale, l.text, l.audio, l.interface, l.subtitles, l.source, l.source_ref, l.as_of
             from game_languages l join games g on g.id = l.game_id
             where g.igdb_id = 990000001 order by l.source, l.locale`,
          )
        ).rows;
      const history = async () =>
        (
          await db.query(
            `select c.locale, c.audio, c.source from game_language_changes c join games g on g.id = c.game_id
             where g.igdb_id = 990000001 order by c.locale, c.id`,
          )
        ).rows;
      const events = async () =>
        Number(
          (
            await db.query(
              `select count(*) from job_outbox where job_name = 'dispatch-domain-event'
               and payload->'event'->>'name' = 'game.languages-changed'
               and (payload->'event'->>'igdbId')::int = 990000001`,
            )
          ).rows[0].count,
        );
      const verdict = async () =>
        (await db.query(`select spanish_audio, spanish_text from games where igdb_id = 990000001`)).rows[0];

      await runCatalogue();
      const asOf = isoDay(updated);
      expect(await entries()).toEqual([
        {
          platform: null,
          locale: 'es-419',
          text: false,
          audio: false,
          interface: false,
          subtitles: false,
          source: 'igdb',
          source_ref: 'igdb:990000001',
          as_of: asOf,
        },
        {
          platform: null,
          locale: 'es-ES',
          text: true,
          audio: false,
          interface: true,
          subtitles: true,
          source: 'igdb',
          source_ref: 'igdb:990000001',
          as_of: asOf,
        },
        expect.objectContaining({ platform: 'ps5', locale: 'es-ES', audio: false, source: 'user' }),
      ]);
      expect(await history()).toEqual([
        { locale: 'es-419', audio: false, source: 'igdb' },
        { locale: 'es-ES', audio: false, source: 'igdb' },
      ]);
      expect(await verdict()).toEqual({ spanish_audio: 'no', spanish_text: 'yes' });
      expect(await events()).toBe(1);
      const { body: detail } = await call(api.baseUrl, 'GET', '/api/games/990000001');
      expect(detail.spanish).toEqual({ audio: 'no', text: 'yes' });
      expect(detail.languages).toContainEqual(
        expect.objectContaining({ platform: null, locale: 'es-ES', text: true, source: 'igdb', asOf }),
      );

      // The same answer again changes nothing: no version, no event.
      await runCatalogue();
      expect(await history()).toHaveLength(2);
      expect(await events()).toBe(1);

      // IGDB adds Spanish voices: the igdb entry changes, with a version and an event; the player's stays.
      languageSupports = [...languageSupports, { ...row(505, spanish, 'Audio'), updated_at: updated + DAY }];
      await runCatalogue();
      // The list's date moved, so the Latin American entry gets a version too (same values, newer date).
      expect(await history()).toEqual([
        { locale: 'es-419', audio: false, source: 'igdb' },
        { locale: 'es-419', audio: false, source: 'igdb' },
        { locale: 'es-ES', audio: false, source: 'igdb' },
        { locale: 'es-ES', audio: true, source: 'igdb' },
      ]);
      expect(await verdict()).toEqual({ spanish_audio: 'yes', spanish_text: 'yes' });
      expect(await events()).toBe(2);
      expect(await entries()).toContainEqual(
        expect.objectContaining({
          platform: 'ps5',
          locale: 'es-ES',
          audio: false,
          source: 'user',
          source_ref: 'report:1',
        }),
      );
      const queries = requests.filter((request) => request.path === '/v4/games');
      expect(queries.at(-1)!.body).toContain(
        'language_supports.language.locale,language_supports.language.name,language_supports.language.native_name,language_supports.language_support_type.name',
      );
    },
    SLOW,
  );
});
