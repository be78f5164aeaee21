import 'reflect-metadata';
import { join } from 'node:path';
import type pg from 'pg';
import type { TestApi } from '../support/api-app.js';
import { userWithToken } from '../support/accounts.js';
import { readOutbox } from '../support/eml.js';
import { createGame } from '../support/factories.js';
import { FakeStores } from '../support/fake-stores.js';
import { call } from '../support/local-site.js';
import { waitFor } from '../support/processes.js';
import { pollPrices, startSiteWithWorkers, type SiteWithWorkers } from '../support/site-with-workers.js';
import { QUEUE_BACKENDS } from '../support/test-env.js';

const SLOW = 90_000;

/**
 * ¿Dónde y por cuánto? (docs/CONTRACT.md §20): the Steam poll through the local fake store, on both queue
 * backends (a price alert's notification and mail go through the queues: one each, on either).
 */
describe.each(QUEUE_BACKENDS)('prices: the Steam poll through a local fake store (%s queues)', (backend) => {
  const stores = new FakeStores();
  let site: SiteWithWorkers;
  let api: TestApi;
  let db: pg.Client;
  let token: string;
  let game: { id: number; igdbId: number; title: string };
  const appId = String(3_000_000 + Math.floor(Math.random() * 1_000_000));
  const inTenDays = Math.floor(Date.now() / 1000) + 10 * 86_400;

  beforeAll(async () => {
    await stores.start();
    site = await startSiteWithWorkers({
      backend,
      // A database of its own: a worker's database holds the demo catalogue's 12,000 Steam games, which
      // every poll would ask the fake about (two review calls a game).
      ownDatabase: `prices_${backend}`,
      ownDataDir: true,
      env: {
        PRICES_POLL: 'on',
        STEAM_API_URL: stores.origin,
        STEAM_STORE_URL: stores.origin,
        STEAM_REVIEWS_PER_RUN: '100000',
        PRICES_REQUEST_INTERVAL_MS: '0',
      },
    });
    ({ api, db, token } = site);
    game = await createGame(db, { title: 'Portal de Precios' });
    // The link languages.jsonl.gz gives: a `steam` language entry naming the app.
    await db.query(
      `insert into game_languages (game_id, platform, locale, text, audio, source, source_ref, as_of)
       values ($1, null, 'es-ES', true, false, 'steam', $2, '2024-10')`,
      [game.id, appId],
    );
  }, SLOW);

  afterAll(async () => {
    await site?.stop();
    await stores.close();
  }, SLOW);

  const poll = () => pollPrices(site);
  const snapshots = async () =>
    (
      await db.query(`select final, lowest30d from price_snapshots where game_igdb_id = $1 order by id`, [
        game.igdbId,
      ])
    ).rows;

  it(
    'stores the offer and its 30-day low, and a second poll at the same price stores nothing',
    async () => {
      stores.steam.set(appId, {
        name: 'Portal de Precios',
        regular: 1999,
        final: 499,
        lowest30d: 999,
        endsAt: inTenDays,
      });
      const first = await poll();
      expect(first.result.enabled).toBe(true);
      expect(first.result.stores[0]).toMatchObject({ store: 'steam' });
      // Spain's store, never more than 100 apps a call.
      const mine = stores.steamCalls.find((c) => c.appIds.includes(Number(appId)));
      expect(mine?.country).toBe('ES');
      expect(Math.max(...stores.steamCalls.map((c) => c.appIds.length))).toBeLessThanOrEqual(100);

      const prices = await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}/prices`);
      expect(prices.status).toBe(200);
      expect(prices.body.offers).toEqual([
        {
          store: 'steam',
          platform: 'pc',
          url: `https://store.steampowered.com/app/${appId}/Portal_de_Precios/`,
          regular: 1999,
          final: 499,
          discountPct: 75,
          lowest30d: 999,
          endsAt: new Date(inTenDays * 1000).toISOString(),
          asOf: expect.any(String),
        },
      ]);
      expect(prices.body.historicLow).toEqual({ final: 499, store: 'steam', at: expect.any(String) });
      expect(await snapshots()).toEqual([{ final: 499, lowest30d: 999 }]);

      const asOf = prices.body.offers[0].asOf;
      await poll();
      expect(await snapshots()).toHaveLength(1);
      const again = await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}/prices`);
      expect(new Date(again.body.offers[0].asOf).getTime()).toBeGreaterThan(new Date(asOf).getTime());

      // The discount ends: one more snapshot, and the chart's history has both.
      stores.steam.set(appId, { name: 'Portal de Precios', regular: 1999, final: 1999, lowest30d: 499 });
      await poll();
      const history = await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}/prices/history?store=steam`);
      expect(history.body.map((point: { final: number }) => point.final)).toEqual([499, 1999]);
      expect(
        (await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}/prices`)).body.historicLow.final,
      ).toBe(499);

      // Every store has its run (Nintendo's and the Microsoft Store's with no linked game here).
      const status = await call(api.baseUrl, 'GET', '/api/admin/prices/status', { token });
      expect(status.body.map((run: { store: string }) => run.store)).toEqual(['nintendo', 'steam', 'xbox']);
      const steamRun = status.body.find((run: { store: string }) => run.store === 'steam');
      expect(steamRun).toMatchObject({ finishedAt: expect.any(String), failed: 0 });
      expect(steamRun.games).toBeGreaterThanOrEqual(1);
    },
    SLOW,
  );

  it(
    "a drop below a reader's threshold gives one notification and one mail; the same price again, nothing",
    async () => {
      const watched = await createGame(db, { title: 'Juego Vigilado' });
      const watchedApp = String(Number(appId) + 1);
      await db.query(
        `insert into game_languages (game_id, platform, locale, text, audio, source, source_ref, as_of)
         values ($1, null, 'es-ES', true, false, 'steam', $2, '2024-10')`,
        [watched.id, watchedApp],
      );
      stores.steam.set(watchedApp, { name: 'Juego Vigilado', regular: 2999, final: 2999 });
      await poll();
      // A reader who does not follow the game sets a price for it.
      const reader = await userWithToken(api, db);
      const auth = { token: reader.token };
      const bad = await call(api.baseUrl, 'PUT', `/api/user/alerts/games/${watched.igdbId}`, {
        ...auth,
        json: { priceBelow: 'barato' },
      });
      expect(bad.status).toBe(400);
      const set = await call(api.baseUrl, 'PUT', `/api/user/alerts/games/${watched.igdbId}`, {
        ...auth,
        json: { priceBelow: 2000 },
      });
      expect(set.body).toEqual({ priceBelow: 2000 });

      stores.steam.set(watchedApp, { name: 'Juego Vigilado', regular: 2999, final: 1499, lowest30d: 2999 });
      await poll();
      const outbox = join(api.env.DATA_DIR, 'outbox');
      const mailsTo = async () =>
        (await readOutbox(outbox)).filter((mail) => mail.headers.to?.includes(`${reader.username}@`));
      await waitFor(async () => (await mailsTo()).length > 0, { timeoutMs: 30_000, what: 'the price mail' });
      const notifications = async () =>
        (await call(api.baseUrl, 'GET', '/api/user/notifications', auth)).body.content as {
          kind: string;
          text: string;
        }[];
      // The historic low goes to the game's followers; this reader gets the price they asked for.
      expect(await notifications()).toEqual([
        expect.objectContaining({
          kind: 'price-below',
          text: 'Por debajo de tu precio en Steam: 14,99\u00a0€ (-50 %)',
        }),
      ]);
      expect(await mailsTo()).toHaveLength(1);
      const [mail] = await mailsTo();
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      // The same price polled again: nothing new.
      const mailsBefore = (await mailsTo()).length;
      await poll();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await notifications()).toHaveLength(1);
      expect((await mailsTo()).length).toBe(mailsBefore);
      expect(
        (await db.query(`select count(*)::int as n from alerts where game_igdb_id = $1`, [watched.igdbId]))
          .rows[0].n,
      ).toBe(2);
    },
    SLOW,
  );

  it(
    "'En Steam, en español' adds up the reviews in spanish and latam, read by the poll and stored with its date",
    async () => {
      const spoken = await createGame(db, { title: 'Juego Hablado' });
      const spokenApp = String(Number(appId) + 2);
      await db.query(
        `insert into game_languages (game_id, platform, locale, text, audio, source, source_ref, as_of)
         values ($1, null, 'es-ES', true, false, 'steam', $2, '2024-10')`,
        [spoken.id, spokenApp],
      );
      stores.steamReviews.set(spokenApp, {
        spanish: { positive: 100, negative: 20 },
        latam: { positive: 50, negative: 30 },
        english: { positive: 5000, negative: 10 },
      });
      const before = new Date();
      const { result } = await poll();
      expect(result.stores).toContainEqual(expect.objectContaining({ store: 'steam-reviews', failed: 0 }));

      // Two summaries, no review text, every purchase counted.
      expect(stores.steamReviewCalls.filter((c) => c.appId === spokenApp)).toEqual(
        ['spanish', 'latam'].map((language) => ({
          appId: spokenApp,
          language,
          purchaseType: 'all',
          perPage: '0',
        })),
      );
      const detail = await call(api.baseUrl, 'GET', `/api/games/${spoken.igdbId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.steamSpanish).toEqual({ positive: 150, total: 200, label: '75 % positivas (200)' });
      const stored = await db.query(
        `select positive, total, checked_at from steam_spanish_reviews where game_igdb_id = $1`,
        [spoken.igdbId],
      );
      expect(stored.rows).toEqual([{ positive: 150, total: 200, checked_at: expect.any(Date) }]);
      expect(stored.rows[0].checked_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

      // A game on Steam without a review in Spanish, and one not on Steam: null.
      expect((await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}`)).body.steamSpanish).toBeNull();
      const notOnSteam = await createGame(db, { title: 'Juego Sin Steam' });
      expect(
        (await call(api.baseUrl, 'GET', `/api/games/${notOnSteam.igdbId}`)).body.steamSpanish,
      ).toBeNull();
    },
    SLOW,
  );

  it('answers clear errors for bad input and an unknown game', async () => {
    expect((await call(api.baseUrl, 'GET', '/api/games/abc/prices')).status).toBe(400);
    expect((await call(api.baseUrl, 'GET', '/api/games/2147483000/prices')).status).toBe(404);
    const badStore = await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}/prices/history?store=tienda`);
    expect(badStore.status).toBe(400);
    expect((await call(api.baseUrl, 'GET', '/api/admin/prices/status')).status).toBe(401);
  });
});
