import { createHash } from 'node:crypto';
import 'reflect-metadata';
import pg from 'pg';
import { RELEASE_DATE_PRECISIONS } from '@veredicto/contract';
import { Game, openDatabase } from '@veredicto/db';
import { MicroCache } from '../../api/src/common/micro-cache.js';
import { presentSummary } from '../../api/src/games/game.presenter.js';
import { ensureDemoCatalogue } from '../support/demo-catalogue.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

describe('public games API on the demo catalogue', () => {
  let api: TestApi;
  const get = async (path: string) => {
    const response = await fetch(`${api.baseUrl}${path}`);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };

  beforeAll(async () => {
    await ensureDemoCatalogue();
    api = await startTestApi('postgres');
  }, 120_000);

  afterAll(() => api?.close());

  it('pages the catalogue with the contract shape', async () => {
    const { status, body, headers } = await get('/api/games/all?page=0&size=50');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    // A second read is served from the cache, already serialised: same bytes, same type and length.
    const again = await fetch(`${api.baseUrl}/api/games/all?page=0&size=50`);
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(await again.text())).toEqual(body);
    const head = await fetch(`${api.baseUrl}/api/games/all?page=0&size=50`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(Object.keys(body).sort()).toEqual(['content', 'page', 'size', 'totalElements', 'totalPages']);
    expect(body.content).toHaveLength(50);
    // The default order starts at today: the demo's ~27,150 games less the unreleased ones, the adult ones and
    // the ~90 add-ons (DLC, packs, season passes, bundles).
    expect(body.totalElements).toBeGreaterThanOrEqual(26800);
    expect(body.totalPages).toBe(Math.ceil(body.totalElements / 50));
    const game = body.content[0];
    for (const key of [
      'id',
      'igdbID',
      'slug',
      'title',
      'imageCover',
      'platform',
      'releaseDate',
      'avRatings',
      'avUserRatings',
    ]) {
      expect(game).toHaveProperty(key);
    }
    const dates = body.content.map((item: { releaseDate: string | null }) => item.releaseDate ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters by platform and sorts by critic score, games without a score last', async () => {
    const { body } = await get('/api/games/all?page=0&size=100&platform=ps2&sortBy=avRatings');
    expect(
      body.content.every((game: { platform: string[] }) => game.platform.includes('PlayStation 2')),
    ).toBe(true);
    const scores = body.content.map((game: { avRatings: number | null }) => game.avRatings ?? -1);
    expect([...scores].sort((a: number, b: number) => b - a)).toEqual(scores);
    const last = await get(
      `/api/games/all?page=${body.totalPages - 1}&size=100&platform=ps2&sortBy=avRatings`,
    );
    expect(last.body.content.at(-1).avRatings).toBeNull();
  });

  it('writes every card of a page exactly as the API would serialise the same game, byte for byte', async () => {
    // The database writes the catalogue's cards (to_json): text that JSON escapes, nulls, empty and
    // several platforms, every release-date precision, scores at their ends.
    const db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    const odd = [
      'Comillas "dobles" y \\barra\\',
      'Tabulador\tsalto\nretorno\r y \u0001 control',
      'Acentos: Pokémon Escarlata, ¿Quién? ¡Sí! — «ñ»',
      'Emoji 🎮 y 𝕏 fuera del plano básico',
      '</script><b>HTML</b>\u2028\u2029',
    ];
    const created: number[] = [];
    try {
      for (const [i, title] of odd.entries()) {
        const game = await createGame(db, {
          title,
          platforms: [[], ['PC'], ['PC', 'Nintendo Switch', 'PlayStation 5']][i % 3],
          releaseDate: i === 4 ? null : '2020-02-29',
        });
        created.push(game.id);
        await db.query(
          `update games set av_ratings = $2, critic_review_count = $3, av_user_ratings = $4,
             user_rating_count = $5, image_cover = $6, release_date_precision = $7 where id = $1`,
          [
            game.id,
            100,
            90 + i,
            i % 2 ? null : 0,
            i,
            i % 2 ? null : `https://img.example/${i}.jpg`,
            [null, ...RELEASE_DATE_PRECISIONS][i],
          ],
        );
      }
      // Written in the database itself: the API is told, as its own writes and the workers' jobs tell it.
      api.app.get(MicroCache).invalidate();
      const orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 });
      try {
        // The first page by critic score (no anchor) holds the new games; the deep one starts from one.
        for (const path of [
          '/api/games/all?page=0&size=37&sortBy=avRatings',
          '/api/games/all?page=21&size=50&sortBy=avUserRatings',
          '/api/games/all?page=3&size=40&platform=pc',
        ]) {
          const response = await fetch(`${api.baseUrl}${path}`);
          const text = await response.text();
          const page = JSON.parse(text);
          expect(page.content.length).toBeGreaterThan(0);
          const games = orm.em.fork().getRepository(Game);
          const content = [];
          for (const { id } of page.content) content.push(presentSummary((await games.findDetail({ id }))!));
          const { totalPages, totalElements, size } = page;
          const expected = JSON.stringify({ content, totalPages, totalElements, page: page.page, size });
          expect(text).toBe(expected);
          if (path.includes('page=0')) {
            expect(page.content.map((game: { id: number }) => game.id)).toEqual(
              expect.arrayContaining(created),
            );
          }
        }
      } finally {
        await orm.close(true);
      }
    } finally {
      if (created.length) await db.query('delete from games where id = any($1)', [created]);
      await db.end();
    }
  });

  it.each([
    ['/api/games/all?page=-1', /page/],
    ['/api/games/all?size=100000', /size/],
    ['/api/games/all?platform=dreamcast', /platform/],
    ['/api/games/all?sortBy=nombre', /sortBy/],
    ['/api/games/all?page=abc', /page/],
    ['/api/games/search?name=', /name/],
    [`/api/games/search?name=${'a'.repeat(101)}`, /name/],
    ['/api/games/search', /name/],
    ['/api/games/abc', /identificador/],
    ['/api/games/reviews/pro/-5', /identificador/],
  ])('answers a clear 400 for %s', async (path, message) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('answers 404 JSON for an unknown game', async () => {
    const { status, body } = await get('/api/games/2000000000');
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, message: 'Juego no encontrado' });
  });

  it.each([
    ['pokemon', /Pokémon/],
    // Both Senua games start with the word; the far better-known one comes first.
    ['senua', /^Hellblade: Senua's Sacrifice$/],
    ['zelda tears', /^The Legend of Zelda: Tears of the Kingdom$/],
    ['witcher 3', /^The Witcher 3: Wild Hunt/],
    ['eldn ring', /^Elden Ring$/],
    ['ELDEN RING', /^Elden Ring$/],
  ])('search "%s" finds %s first', async (query, expected) => {
    const { status, body } = await get(`/api/games/search?name=${encodeURIComponent(query)}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(20);
    expect(body[0].title).toMatch(expected);
  });

  it('serves game detail, media reviews with normalised scores, and the player average', async () => {
    const detail = await get('/api/games/1942');
    expect(detail.body.title).toBe('The Witcher 3: Wild Hunt');
    expect(detail.body.screenshots.length).toBeGreaterThan(0);
    expect(detail.body.bigScreenshots).toHaveLength(detail.body.screenshots.length);
    expect(detail.body.videos[0]).toEqual(expect.objectContaining({ id: 1, videoID: expect.any(String) }));
    const reviews = await get('/api/games/reviews/pro/1942');
    // One outlet, one voice: its reviews on several platforms are one score, their mean.
    const byOutlet = new Map<string, number[]>();
    for (const review of reviews.body as { medium: string; rating: number }[]) {
      const key = review.medium.trim().toLowerCase();
      byOutlet.set(key, [...(byOutlet.get(key) ?? []), review.rating]);
    }
    expect(byOutlet.size).toBeLessThan(reviews.body.length);
    expect(byOutlet.size).toBe(detail.body.criticReviewCount);
    const means = [...byOutlet.values()].map((scores) => scores.reduce((a, b) => a + b, 0) / scores.length);
    expect(detail.body.avRatings).toBe(Math.round(means.reduce((a, b) => a + b, 0) / means.length));
    const average = await get('/api/games/avRating/1942');
    expect(average.status).toBe(200);
    expect(average.body).toBeNull();
  });

  it('lists best, latest and upcoming games by the rules of docs/CONTRACT.md §1', async () => {
    const dayFromToday = (days: number) =>
      new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const today = dayFromToday(0);
    // Releases of the run's own days, whatever the demo catalogue holds: the list is never checked empty.
    const db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    const [releasedToday, tomorrow, inThreeDays] = await Promise.all(
      [0, 1, 3].map((days) => createGame(db, { releaseDate: dayFromToday(days) })),
    );
    await db.end();
    const best = (await get('/api/games/best')).body as {
      criticReviewCount: number;
      avRatings: number;
      releaseDate: string;
    }[];
    expect(best.length).toBe(12);
    // At least 7 outlets and a critic average of at least 75 (docs/CONTRACT.md §16), best first.
    expect(best.every((game) => game.criticReviewCount >= 7 && game.avRatings >= 75)).toBe(true);
    const averages = best.map((game) => game.avRatings);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    const latest = (await get('/api/games/last')).body;
    expect(latest.every((game: { releaseDate: string }) => game.releaseDate <= today)).toBe(true);
    const upcoming = (await get('/api/games/upcoming')).body as { igdbID: number; releaseDate: string }[];
    expect(upcoming.every((game) => game.releaseDate > today)).toBe(true);
    expect(upcoming.map((game) => game.releaseDate)).toEqual(upcoming.map((game) => game.releaseDate).sort());
    // Soonest first: tomorrow's game before the one in three days; today's is released, not upcoming.
    const ids = upcoming.map((game) => game.igdbID);
    expect(ids).toContain(tomorrow.igdbId);
    expect(ids).toContain(inThreeDays.igdbId);
    expect(ids.indexOf(tomorrow.igdbId)).toBeLessThan(ids.indexOf(inThreeDays.igdbId));
    expect(ids).not.toContain(releasedToday.igdbId);
  });

  it('answers the featured game with its media reviews, or 204 when none is chosen', async () => {
    const db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    try {
      await db.query('delete from featured_game');
      expect((await get('/api/games/bestGame')).status).toBe(204);
      await db.query(`insert into featured_game (id, game_id) select 1, id from games where igdb_id = 1942`);
      const { status, body } = await get('/api/games/bestGame');
      expect(status).toBe(200);
      expect(body.title).toBe('The Witcher 3: Wild Hunt');
      const outlets = new Set(
        (body.reviews as { medium: string }[]).map((review) => review.medium.trim().toLowerCase()),
      );
      expect(outlets.size).toBe(body.criticReviewCount);
      expect(body.reviews[0]).toEqual(
        expect.objectContaining({ medium: expect.any(String), rating: expect.any(Number) }),
      );
    } finally {
      await db.query('delete from featured_game');
      await db.end();
    }
  });

  it('serves public pages with their head already in the HTML, plus robots.txt and the sitemap', async () => {
    const page = await fetch(`${api.baseUrl}/game/elden-ring/119133`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Críticas de Elden Ring | Veredicto</title>');
    expect(html).toContain(`<link rel="canonical" href="${api.config.PUBLIC_URL}/game/elden-ring/119133">`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    // The page's policy carries no per-request nonce (a CDN serves one cached copy to everyone): its one
    // inline script is allowed by hash, and that hash is of the script the page really holds.
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).not.toContain('nonce');
    expect(html).not.toContain('nonce=');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(inline).toContain('window.__VEREDICTO__=');
    const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
    const again = await fetch(`${api.baseUrl}/game/elden-ring/119133`);
    expect(again.headers.get('content-security-policy')).toBe(policy);
    expect(await again.text()).toBe(html);
    expect((await fetch(`${api.baseUrl}/game/x/2000000000`)).status).toBe(404);
    expect(await (await fetch(`${api.baseUrl}/robots.txt`)).text()).toContain('Sitemap:');
    const index = await (await fetch(`${api.baseUrl}/sitemap.xml`)).text();
    expect(index).toContain('/sitemaps/games-1.xml');
    const games = await (await fetch(`${api.baseUrl}/sitemaps/games-1.xml`)).text();
    expect(games).toContain('/game/elden-ring/119133');
  });

  it('documents the API with OpenAPI', async () => {
    const { status, body } = await get('/api/docs/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/games/all', '/api/games/search']));
    // Answers are documented with the contract's field names, and so are the errors.
    const page = body.paths['/api/games/all'].get.responses;
    expect(page['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/GamePageResponse');
    expect(page['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
    const summary = body.components.schemas.GameSummaryResponse;
    expect(Object.keys(summary.properties)).toEqual(
      expect.arrayContaining([
        'igdbID',
        'slug',
        'title',
        'platform',
        'releaseDate',
        'avRatings',
        'avUserRatings',
      ]),
    );
    expect(summary.properties.avRatings.nullable).toBe(true);
    expect(body.components.schemas.GameDetailResponse.properties.videos.items.$ref).toBe(
      '#/components/schemas/GameVideoResponse',
    );
    expect(body.paths['/api/games/{id}'].get.responses['404']).toBeDefined();
  });
});
