import { createHash } from 'node:crypto';
import 'reflect-metadata';
import pg from 'pg';
import { CatalogueImporter, migrateDatabase, openDatabase } from '@veredicto/db';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { testEnv } from '../support/test-env.js';

describe('public games API on the demo catalogue', () => {
  let api: TestApi;
  const get = async (path: string) => {
    const response = await fetch(`${api.baseUrl}${path}`);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };

  beforeAll(async () => {
    const orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 });
    await migrateDatabase(orm, testEnv().databaseUrl);
    const importer = new CatalogueImporter(orm.em.fork());
    if (!(await importer.isDemoCatalogueCurrent())) await importer.importDemoCatalogue();
    await orm.close(true);
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
    // The default order starts at today: the demo's ~27,150 games less the unreleased ones.
    expect(body.totalElements).toBeGreaterThanOrEqual(26900);
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
    expect(reviews.body.length).toBe(detail.body.criticReviewCount);
    const mean = Math.round(
      reviews.body.reduce((sum: number, review: { rating: number }) => sum + review.rating, 0) /
        reviews.body.length,
    );
    expect(detail.body.avRatings).toBe(mean);
    const average = await get('/api/games/avRating/1942');
    expect(average.status).toBe(200);
    expect(average.body).toBeNull();
  });

  it('lists best, latest and upcoming games by the rules of decisions.md', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const best = (await get('/api/games/best')).body;
    expect(best.length).toBe(12);
    expect(best.every((game: { criticReviewCount: number }) => game.criticReviewCount >= 3)).toBe(true);
    const latest = (await get('/api/games/last')).body;
    expect(latest.every((game: { releaseDate: string }) => game.releaseDate <= today)).toBe(true);
    const upcoming = (await get('/api/games/upcoming')).body;
    expect(upcoming.every((game: { releaseDate: string }) => game.releaseDate > today)).toBe(true);
    expect(upcoming.map((game: { releaseDate: string }) => game.releaseDate)).toEqual(
      upcoming.map((game: { releaseDate: string }) => game.releaseDate).sort(),
    );
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
      expect(body.reviews).toHaveLength(body.criticReviewCount);
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
