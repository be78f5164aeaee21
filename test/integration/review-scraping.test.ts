import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { fromRoot } from '@veredicto/config';
import { extractReviews } from '@veredicto/scraping/reviews/extract-reviews.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame, createUser } from '../support/factories.js';
import { adminToken, call, finishedJob, fixture, LocalSite } from '../support/local-site.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND, ownDatabase, type OwnDatabase } from '../support/test-env.js';

/** Worker processes, Chromium and retries make hooks and tests slower than Jest's default. */
const SLOW = 90_000;

describe('scrape-game: critic reviews of a registered source page', () => {
  const site = new LocalSite();
  const page = fixture('reviews/metacritic-critic-reviews.html');
  let api: TestApi;
  let workers: RunningProcess;
  let db: pg.Client;
  let token: string;
  let own: OwnDatabase;
  const backend = ONE_BACKEND;

  beforeAll(async () => {
    // The discovery job looks at the whole catalogue: a database of this file's own.
    own = await ownDatabase('review_scraping');
    await site.start();
    site.route('/game/clair-obscur/critic-reviews/', page);
    // A read cache far longer than the test: only the workers' job events can make new reviews show.
    // The discovery job looks for Metacritic's and OpenCritic's pages on this local site.
    api = await startTestApi(backend, {
      DATABASE_URL: own.url,
      READ_CACHE_TTL_MS: '60000',
      REVIEW_DISCOVERY: 'on',
      REVIEW_DISCOVERY_METACRITIC_URL: site.origin,
      REVIEW_DISCOVERY_OPENCRITIC_URL: site.origin,
    });
    workers = await startProcess('workers', api.env);
    db = new pg.Client({ connectionString: own.url });
    await db.connect();
    token = await adminToken(api.baseUrl, api.env.ADMIN_PASSWORD);
  }, SLOW);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await db?.end();
    await site.close();
    await own?.drop();
  }, SLOW);

  const reviewsOf = async (gameId: number) =>
    (
      await db.query(
        `select outlet, author, raw_score, rating, link, platform, source_id from media_reviews where game_id = $1 order by id`,
        [gameId],
      )
    ).rows;

  it(
    'stores the reviews with normalised scores, does not duplicate them on a re-scrape and recalculates the average',
    async () => {
      const game = await createGame(db, { title: 'Clair Obscur: Expedition 33' });
      const url = site.url('/game/clair-obscur/critic-reviews/');
      const expected = extractReviews(page, url);
      expect(expected.length).toBeGreaterThan(3);
      // Read (and cached) before the scrape: no reviews, no critic average.
      expect((await call(api.baseUrl, 'GET', `/api/games/reviews/pro/${game.igdbId}`)).body).toEqual([]);
      expect((await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}`)).body.avRatings).toBeNull();

      const { status, body } = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
        token,
        form: { url, igdbId: String(game.igdbId) },
      });
      expect(status).toBe(202);
      expect(body.queue).toBe('scraping');
      const job = await finishedJob(api.baseUrl, token, 'scraping', body.jobId);
      expect(job.result).toEqual({
        sourceId: expect.any(Number),
        reviewsImported: expected.length,
        via: 'http',
      });
      expect(job.progress).toEqual({ percent: 100, message: `reseñas importadas: ${expected.length}` });

      const stored = await reviewsOf(game.id);
      expect(stored).toHaveLength(expected.length);
      for (const review of stored) {
        expect(review.source_id).toBe(job.result.sourceId);
        if (review.rating !== null) expect(review.rating).toBeGreaterThanOrEqual(0);
        if (review.rating !== null) expect(review.rating).toBeLessThanOrEqual(100);
      }
      expect(stored.map((review) => review.rating).sort()).toEqual(
        expected.map((review) => review.rating).sort(),
      );

      const scored = expected
        .map((review) => review.rating)
        .filter((rating): rating is number => rating !== null);
      // The critic average shows from 4 scored reviews (docs/CONTRACT.md §8).
      const average =
        scored.length >= 4
          ? Math.round(scored.reduce((sum, rating) => sum + rating, 0) / scored.length)
          : null;
      await waitFor(
        async () => {
          const { rows } = await db.query(`select av_ratings, critic_review_count from games where id = $1`, [
            game.id,
          ]);
          return rows[0].av_ratings === average && rows[0].critic_review_count === scored.length;
        },
        { what: 'the critic average' },
      );
      // The completed jobs cleared the API's cache: the reviews and the average show at once, not in 60 s.
      await waitFor(
        async () => {
          const [pro, detail] = await Promise.all([
            call(api.baseUrl, 'GET', `/api/games/reviews/pro/${game.igdbId}`),
            call(api.baseUrl, 'GET', `/api/games/${game.igdbId}`),
          ]);
          return pro.body.length === expected.length && detail.body.avRatings === average;
        },
        { what: 'the new reviews and average in the API', timeoutMs: 5000 },
      );

      // Same source again: the source row is reused and the reviews updated in place.
      const again = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
        token,
        form: { url, igdbId: String(game.igdbId) },
      });
      const second = await finishedJob(api.baseUrl, token, 'scraping', again.body.jobId);
      expect(second.result.sourceId).toBe(job.result.sourceId);
      expect(await reviewsOf(game.id)).toHaveLength(expected.length);
      const { rows: sources } = await db.query(
        `select last_status, last_review_count, last_error from scraper_sources where game_id = $1`,
        [game.id],
      );
      expect(sources).toEqual([{ last_status: 'ok', last_review_count: expected.length, last_error: null }]);

      // The general scraper refreshes every source, still without duplicates.
      const catalogue = await call(api.baseUrl, 'GET', '/api/games/scraper', { token });
      expect(catalogue.status).toBe(202);
      const run = await finishedJob(api.baseUrl, token, 'scraping', catalogue.body.jobId, 60_000);
      expect(run.result).toEqual({ sources: expect.any(Number), gamesImported: 0 });
      expect(run.result.sources).toBeGreaterThanOrEqual(1);
      expect(run.progress.message).toMatch(/^fuentes completadas: (\d+)\/\1$/);
      expect(await reviewsOf(game.id)).toHaveLength(expected.length);
    },
    SLOW,
  );

  it(
    'fills every media review column from the current Metacritic cards, and stores nothing from a ranking page',
    async () => {
      const game = await createGame(db, { title: 'Hades II' });
      site.route('/game/hades-ii/critic-reviews/', fixture('reviews/metacritic-testid-cards.html'));
      site.route('/reportaje/los-10-mejores-juegos-de-2025', fixture('reviews/ranking-list.html'));
      const scrape = async (path: string) => {
        const { body } = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
          token,
          form: { url: site.url(path), igdbId: String(game.igdbId) },
        });
        return finishedJob(api.baseUrl, token, 'scraping', body.jobId);
      };

      const cards = await scrape('/game/hades-ii/critic-reviews/');
      expect(cards.result.reviewsImported).toBe(4);
      const { rows } = await db.query(
        `select outlet, author, raw_score, scale, rating, snippet, link, platform,
                to_char(published_at, 'YYYY-MM-DD') as published_at
           from media_reviews where game_id = $1 order by id`,
        [game.id],
      );
      expect(rows[0]).toEqual({
        outlet: 'GamesBeat',
        author: 'Rachel Kaser',
        raw_score: '100',
        scale: '100',
        rating: 100,
        snippet:
          'Hades II is the rare sequel that improves on a masterpiece in every single way, from its combat to its astonishing soundtrack.',
        link: 'https://venturebeat.com/games/hades-ii-review/',
        platform: 'PC',
        published_at: '2025-09-25',
      });
      expect(rows.map((row) => [row.outlet, row.raw_score, row.rating])).toEqual([
        ['GamesBeat', '100', 100],
        ['Vandal', '95', 95],
        ['Worth Playing', '8', 8],
        ['Push Square', null, null],
      ]);

      const ranking = await scrape('/reportaje/los-10-mejores-juegos-de-2025');
      expect(ranking.result.reviewsImported).toBe(0);
      const { rows: count } = await db.query(
        `select count(*)::int as n from media_reviews where game_id = $1`,
        [game.id],
      );
      expect(count[0].n).toBe(4);
    },
    SLOW,
  );

  it(
    'answers 404 for an unknown game and 400 for a bad URL or id',
    async () => {
      expect(
        await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
          token,
          form: { url: 'https://example.com/x', igdbId: '987654321' },
        }),
      ).toMatchObject({ status: 404, body: { message: 'Juego no encontrado' } });
      expect(
        (
          await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
            token,
            form: { url: 'javascript:1', igdbId: '1' },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
            token,
            form: { url: 'https://example.com', igdbId: 'abc' },
          })
        ).status,
      ).toBe(400);
    },
    SLOW,
  );

  it(
    'records a failing source',
    async () => {
      const game = await createGame(db);
      const { body } = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
        token,
        form: { url: site.url('/no-existe'), igdbId: String(game.igdbId) },
      });
      const failed = await waitFor(
        async () => {
          const status = (await call(api.baseUrl, 'GET', `/api/admin/jobs/scraping/${body.jobId}`, { token }))
            .body;
          return status.state === 'failed' ? status : undefined;
        },
        { what: 'the job to fail' },
      );
      expect(failed.attemptsMade).toBe(1);
      const { rows } = await db.query(
        `select last_status, last_error from scraper_sources where game_id = $1`,
        [game.id],
      );
      expect(rows).toEqual([{ last_status: 'failed', last_error: expect.stringContaining('404') }]);
    },
    SLOW,
  );

  it(
    "discovers a recent game's real Metacritic page from its title, scrapes it, refuses another game's page, and re-reads only while reviews arrive",
    async () => {
      // The real Metacritic critic-reviews page saved by e-sendbox/game_aggregator (test/fixtures/real).
      const real = gunzipSync(
        readFileSync(fromRoot('test/fixtures/real/pages/rv-metacritic-elden-ring-critic-reviews.html.gz')),
      ).toString('utf8');
      site.route('/game/elden-ring/critic-reviews/', real);
      // A wrong page where the title leads: Elden Ring's page at Baldur's Gate III's address.
      site.route('/game/baldurs-gate-iii/critic-reviews/', real);
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      const elden = await createGame(db, { title: 'Elden Ring', releaseDate: daysAgo(10) });
      const baldur = await createGame(db, { title: "Baldur's Gate III", releaseDate: daysAgo(5) });
      // Neither recent nor upcoming, but followed ('Quiero jugarlo') and without a critic average.
      const astro = await createGame(db, { title: 'Astro Bot', releaseDate: '2024-09-06' });
      const follower = await createUser(db);
      await db.query(`insert into game_statuses (user_id, game_id, status) values ($1, $2, 'want')`, [
        follower.id,
        astro.id,
      ]);
      const discover = async () => {
        const { status, body } = await call(api.baseUrl, 'POST', '/api/admin/review-discovery', { token });
        expect([status, body.queue]).toEqual([202, 'scraping']);
        return (await finishedJob(api.baseUrl, token, 'scraping', body.jobId, 60_000)).result;
      };

      const first = await discover();
      expect(first).toMatchObject({ enabled: true, games: 3, added: 1, rereads: 0 });
      // Refused: Baldur's Gate III's page (about Elden Ring), Astro Bot's (not found) and the three games'
      // OpenCritic pages (no id).
      expect(first.refused).toBe(5);
      await waitFor(
        async () => (await reviewsOf(elden.id)).length === 10 && (await reviewsOf(elden.id))[0].source_id,
        { what: "the discovered page's reviews", timeoutMs: 30_000 },
      );
      expect((await reviewsOf(elden.id)).map((review) => review.outlet)).toContain('GamesBeat');
      expect(await reviewsOf(baldur.id)).toEqual([]);
      const { rows: sources } = await db.query(
        `select url, discovered, last_status from scraper_sources where game_id = $1`,
        [elden.id],
      );
      expect(sources).toEqual([
        { url: site.url('/game/elden-ring/critic-reviews/'), discovered: true, last_status: 'ok' },
      ]);

      const report = (await call(api.baseUrl, 'GET', '/api/admin/review-discovery', { token })).body;
      expect(report.enabled).toBe(true);
      expect(report.found).toEqual([
        expect.objectContaining({
          igdbId: elden.igdbId,
          title: 'Elden Ring',
          url: site.url('/game/elden-ring/critic-reviews/'),
          origin: 'metacritic',
          reason: null,
          reviewCount: 10,
        }),
      ]);
      expect(report.refused).toContainEqual(
        expect.objectContaining({
          igdbId: baldur.igdbId,
          origin: 'metacritic',
          reason: "la página trata de «Elden Ring», no de «Baldur's Gate III»",
        }),
      );
      expect(report.refused).toContainEqual(
        expect.objectContaining({
          igdbId: astro.igdbId,
          url: site.url('/game/astro-bot/critic-reviews/'),
          reason: expect.stringContaining('404'),
        }),
      );
      expect(
        report.refused.filter((finding: { origin: string }) => finding.origin === 'opencritic'),
      ).toHaveLength(3);
      expect((await call(api.baseUrl, 'GET', '/api/admin/review-discovery')).status).toBe(401);
      // The worker logged the refusal with its reason as a field of the line.
      const refusalLine = workers
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.reason === 'other-game');
      expect(refusalLine).toMatchObject({
        level: 40,
        reason: 'other-game',
        url: site.url('/game/baldurs-gate-iii/critic-reviews/'),
        msg: "crítica rechazada: la página trata de «Elden Ring», no de «Baldur's Gate III»",
      });

      // Its game came out 10 days ago: the next run reads the page again (same reviews, no duplicates).
      const lastRead = async () =>
        (await db.query(`select last_scraped_at from scraper_sources where game_id = $1`, [elden.id])).rows[0]
          .last_scraped_at as Date;
      const firstRead = await lastRead();
      const again = await discover();
      expect(again).toMatchObject({ enabled: true, games: 3, added: 0, rereads: 1 });
      await waitFor(async () => (await lastRead()) > firstRead, { what: 'the re-read', timeoutMs: 30_000 });
      expect(await reviewsOf(elden.id)).toHaveLength(10);

      // Past its 6 weeks (60 days after release) the page is read again only while reviews keep arriving:
      // its first read found 10 new ones moments ago...
      const moveRelease = (days: number) =>
        db.query(`update games set release_date = $2 where id = $1`, [elden.id, daysAgo(days)]);
      const lastGrowth = (days: number) =>
        db.query(
          `update scraper_sources set reviews_grew_at = now() - make_interval(days => $2) where game_id = $1`,
          [elden.id, days],
        );
      // (The other two games leave the run: it fetches nothing else from here on.)
      await db.query(`update games set release_date = '2020-01-01' where id = $1`, [baldur.id]);
      await db.query(`delete from game_statuses where game_id = $1`, [astro.id]);
      await moveRelease(60);
      expect(await discover()).toMatchObject({ enabled: true, games: 0, added: 0, rereads: 1 });
      // ...and not once the last new review is 10 days old,
      await lastGrowth(10);
      expect(await discover()).toMatchObject({ games: 0, rereads: 0 });
      // nor past twice its weeks (four months after release), whatever arrived lately.
      await moveRelease(120);
      await lastGrowth(0);
      expect(await discover()).toMatchObject({ games: 0, rereads: 0 });
      expect(await reviewsOf(elden.id)).toHaveLength(10);
    },
    SLOW,
  );

  it(
    "records what a single review page states of the game's Spanish as a 'review' entry, with its history and event",
    async () => {
      const game = await createGame(db, { title: 'Juego Con Ficha' });
      const published = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
      // A single review page of the shape Spanish outlets publish (constructed for this test: its words are
      // the spec-sheet form the unit tests read): one JSON-LD Review and the spec sheet's language lines.
      const reviewPage = (voices: string) => `<!doctype html><html lang="es"><head><title>Análisis</title>
        <script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'Review',
          itemReviewed: { '@type': 'VideoGame', name: 'Juego Con Ficha' },
          author: { '@type': 'Person', name: 'Ana García' },
          publisher: { '@type': 'Organization', name: 'Revista Local' },
          datePublished: `${published}T10:00:00+01:00`,
          reviewRating: { '@type': 'Rating', ratingValue: '8', bestRating: '10' },
        })}</script></head><body><article><h1>Análisis de Juego Con Ficha</h1><p>Un juego notable.</p>
        <ul><li>Textos: español</li><li>Voces: ${voices}</li></ul></article></body></html>`;
      let voices = 'inglés';
      site.route('/analisis/juego-con-ficha', () => reviewPage(voices));
      const url = site.url('/analisis/juego-con-ficha');
      const scrape = async () => {
        const { body } = await call(api.baseUrl, 'POST', '/api/games/scraper/game', {
          token,
          form: { url, igdbId: String(game.igdbId) },
        });
        return finishedJob(api.baseUrl, token, 'scraping', body.jobId);
      };
      const entries = async () =>
        (
          await db.query(
            `select locale, text, audio, source, source_ref, as_of from game_languages where game_id = $1 order by locale`,
            [game.id],
          )
        ).rows;
      const versions = async () =>
        Number(
          (await db.query(`select count(*) from game_language_changes where game_id = $1`, [game.id])).rows[0]
            .count,
        );
      const events = async () =>
        Number(
          (
            await db.query(
              `select count(*) from job_outbox where job_name = 'dispatch-domain-event'
               and payload->'event'->>'name' = 'game.languages-changed' and (payload->'event'->>'igdbId')::int = $1`,
              [game.igdbId],
            )
          ).rows[0].count,
        );

      expect((await scrape()).result.reviewsImported).toBe(1);
      expect(await entries()).toEqual([
        { locale: 'es-419', text: null, audio: false, source: 'review', source_ref: url, as_of: published },
        { locale: 'es-ES', text: true, audio: false, source: 'review', source_ref: url, as_of: published },
      ]);
      expect(await versions()).toBe(2);
      expect(await events()).toBe(1);
      const { body: detail } = await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}`);
      expect(detail.spanish.text).toBe('yes');
      expect(detail.languages).toContainEqual(
        expect.objectContaining({
          locale: 'es-ES',
          text: true,
          audio: false,
          source: 'review',
          asOf: published,
        }),
      );

      // The same page again changes nothing; a corrected page adds a version and an event.
      await scrape();
      expect(await versions()).toBe(2);
      expect(await events()).toBe(1);
      voices = 'castellano';
      await scrape();
      expect(await entries()).toContainEqual(
        expect.objectContaining({ locale: 'es-ES', text: true, audio: true, source: 'review' }),
      );
      expect(await versions()).toBe(3);
      expect(await events()).toBe(2);
    },
    SLOW,
  );
});
