import 'reflect-metadata';
import type pg from 'pg';
import type { TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { FakeIgdb } from '../support/fake-igdb.js';
import { GAME_PASS_LISTS } from '@veredicto/scraping/prices/game-pass.js';
import { FakeGamePass } from '../support/fake-game-pass.js';
import { FakeStores } from '../support/fake-stores.js';
import { call } from '../support/local-site.js';
import {
  pollPrices,
  runCatalogueJob,
  startSiteWithWorkers,
  type SiteWithWorkers,
} from '../support/site-with-workers.js';
import { ONE_BACKEND } from '../support/test-env.js';

const SLOW = 90_000;
const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/**
 * ¿Dónde y por cuánto? (docs/CONTRACT.md §20): Nintendo's eShop and the Microsoft Store through the local fake
 * stores, the stores' ids from IGDB's external games through a local fake IGDB, and the Nintendo matcher.
 */
describe('prices: Nintendo, Xbox and the stores ids from IGDB', () => {
  const stores = new FakeStores();
  const gamePass = new FakeGamePass(Object.values(GAME_PASS_LISTS));
  const igdb = new FakeIgdb();
  let site: SiteWithWorkers;
  let api: TestApi;
  let db: pg.Client;
  let token: string;
  const run = Math.floor(Math.random() * 1_000_000);
  const nsuid = (index: number) => String(70010000000000 + run * 1000 + index);
  const inTenDays = new Date(Date.now() + 10 * DAY_MS);
  inTenDays.setUTCMilliseconds(0);

  beforeAll(async () => {
    await stores.start();
    await igdb.start();
    // The Microsoft ids this file links make the poll read Game Pass too: its lists answer empty here.
    await gamePass.start();
    site = await startSiteWithWorkers({
      backend: ONE_BACKEND,
      // A database of its own, as prices.test.ts: the poll asks the stores about every linked game of it.
      ownDatabase: 'prices_stores',
      env: {
        PRICES_POLL: 'on',
        STEAM_API_URL: stores.origin,
        STEAM_STORE_URL: stores.origin,
        NINTENDO_PRICE_URL: stores.origin,
        NINTENDO_SEARCH_URL: stores.origin,
        XBOX_CATALOG_URL: stores.origin,
        GAMEPASS_URL: gamePass.origin,
        PRICES_REQUEST_INTERVAL_MS: '0',
        ...igdb.env,
      },
    });
    ({ api, db, token } = site);
    // The catalogue job of the IGDB test reads only IGDB here.
    await db.query(`delete from scraper_sources`);
  }, SLOW);

  afterAll(async () => {
    await site?.stop();
    await stores.close();
    await igdb.close();
    await gamePass.close();
  }, SLOW);

  const poll = () => pollPrices(site);
  const link = (gameId: number, store: string, storeId: string, source = 'matched') =>
    db.query(`insert into game_store_ids (game_id, store, store_id, source) values ($1, $2, $3, $4)`, [
      gameId,
      store,
      storeId,
      source,
    ]);
  const offers = async (igdbId: number) => {
    const { status, body } = await call(api.baseUrl, 'GET', `/api/games/${igdbId}/prices`);
    expect(status).toBe(200);
    return body.offers;
  };

  it(
    'polls 120 linked Nintendo games in calls of at most 50 ids and stores their prices in cents',
    async () => {
      // The fake refuses more than 50 ids, as the real API does.
      const tooMany = Array.from({ length: 51 }, (_, index) => nsuid(900 + index)).join(',');
      const refused = await fetch(`${stores.origin}/v1/price?country=ES&lang=es&ids=${tooMany}`);
      expect(refused.status).toBe(400);
      stores.nintendoCalls.length = 0;

      const games = [];
      for (let index = 0; index < 120; index++) {
        const game = await createGame(db, {
          title: `Juego de Switch ${run}-${index}`,
          platforms: ['Nintendo Switch'],
        });
        await link(game.id, 'nintendo', nsuid(index));
        stores.nintendo.set(nsuid(index), { regular: 2999 });
        games.push(game);
      }
      // One on sale: 59,99 € for 41,99 € until a date ten days from now.
      stores.nintendo.set(nsuid(7), { regular: 5999, final: 4199, endsAt: inTenDays.toISOString() });

      const { result } = await poll();
      expect(result.stores).toContainEqual(
        expect.objectContaining({ store: 'nintendo', games: 120, failed: 0, requests: 3 }),
      );
      const ours = new Set(games.map((_, index) => nsuid(index)));
      const mine = stores.nintendoCalls.filter((c) => c.ids.some((id) => ours.has(id)));
      expect(mine.map((c) => c.ids.length)).toEqual([50, 50, 20]);
      expect(new Set(mine.flatMap((c) => c.ids)).size).toBe(120);
      expect(mine.every((c) => c.country === 'ES' && c.lang === 'es')).toBe(true);

      expect(await offers(games[7].igdbId)).toEqual([
        {
          store: 'nintendo',
          platform: 'switch',
          url: `https://ec.nintendo.com/ES/es/titles/${nsuid(7)}`,
          regular: 5999,
          final: 4199,
          discountPct: 30,
          // Nintendo gives no 30-day low: the page says so.
          lowest30d: null,
          endsAt: inTenDays.toISOString(),
          asOf: expect.any(String),
        },
      ]);
      expect(await offers(games[8].igdbId)).toEqual([
        expect.objectContaining({
          store: 'nintendo',
          regular: 2999,
          final: 2999,
          discountPct: 0,
          endsAt: null,
        }),
      ]);

      // Every store has its run in the admin's status.
      const status = await call(api.baseUrl, 'GET', '/api/admin/prices/status', { token });
      expect(status.body.map((run: { store: string }) => run.store).sort()).toEqual([
        'nintendo',
        'steam',
        'xbox',
      ]);
      expect(status.body.find((run: { store: string }) => run.store === 'nintendo')).toMatchObject({
        games: 120,
        failed: 0,
        finishedAt: expect.any(String),
      });
    },
    SLOW,
  );

  it(
    'polls a linked Microsoft Store product and stores its offer; a product without a euro price gives none',
    async () => {
      const game = await createGame(db, { title: 'Carreras en Xbox', platforms: ['Xbox Series X|S'] });
      const productId = `9N${String(run).padStart(10, '0')}`;
      await link(game.id, 'xbox', productId, 'igdb');
      stores.xbox.set(productId, {
        title: 'Carreras en Xbox',
        regular: 6999,
        final: 3499,
        endsAt: inTenDays.toISOString(),
      });
      const unpriced = await createGame(db, { title: 'Gratis en Xbox', platforms: ['Xbox Series X|S'] });
      const freeId = `9F${String(run).padStart(10, '0')}`;
      await link(unpriced.id, 'xbox', freeId, 'igdb');
      stores.xbox.set(freeId, { title: 'Gratis en Xbox', regular: 0 });

      const { result } = await poll();
      expect(result.stores).toContainEqual(expect.objectContaining({ store: 'xbox', games: 2, failed: 0 }));
      const asked = stores.xboxCalls.find((c) => c.ids.includes(productId));
      expect(asked).toMatchObject({ market: 'ES', languages: 'es-es' });
      expect(await offers(game.igdbId)).toEqual([
        {
          store: 'xbox',
          platform: 'xbox-series',
          url: `https://www.xbox.com/es-ES/games/store/carreras-en-xbox/${productId}`,
          regular: 6999,
          final: 3499,
          discountPct: 50,
          lowest30d: null,
          endsAt: inTenDays.toISOString(),
          asOf: expect.any(String),
        },
      ]);
      expect(await offers(unpriced.igdbId)).toEqual([]);
    },
    SLOW,
  );

  it(
    "IGDB's external games give a Steam app id that the next Steam poll asks for, and a Microsoft Store id",
    async () => {
      const igdbId = 991_000_000 + (run % 1_000_000);
      const appId = String(4_000_000 + run);
      const productId = `9P${String(run).padStart(10, '0')}`;
      igdb.games = [
        {
          id: igdbId,
          name: `Juego de IGDB ${run}`,
          first_release_date: Math.floor(Date.now() / 1000) - 20 * 86_400,
          platforms: [6, 169],
        },
      ];
      igdb.externalGames = [
        { id: 1, game: igdbId, uid: appId, external_game_source: 1 },
        { id: 2, game: igdbId, uid: productId, external_game_source: 11 },
        // A store the poll does not ask (GOG): not stored.
        { id: 3, game: igdbId, uid: '1207658924', external_game_source: 5 },
      ];
      await runCatalogueJob(site);
      expect(igdb.queries.some((query) => query.endpoint === 'external_games')).toBe(true);

      const stored = await db.query(
        `select s.store, s.store_id, s.source from game_store_ids s join games g on g.id = s.game_id
         where g.igdb_id = $1 order by s.store`,
        [igdbId],
      );
      expect(stored.rows).toEqual([
        { store: 'steam', store_id: appId, source: 'igdb' },
        { store: 'xbox', store_id: productId, source: 'igdb' },
      ]);

      stores.steam.set(appId, { name: 'Juego de IGDB', regular: 1999, final: 1999 });
      stores.xbox.set(productId, { title: 'Juego de IGDB', regular: 2999 });
      await poll();
      expect(stores.steamCalls.some((c) => c.appIds.includes(Number(appId)))).toBe(true);
      expect(stores.xboxCalls.some((c) => c.ids.includes(productId))).toBe(true);
      const byStore = (await offers(igdbId)).map((offer: { store: string; final: number }) => [
        offer.store,
        offer.final,
      ]);
      expect(byStore.sort()).toEqual([
        ['steam', 1999],
        ['xbox', 2999],
      ]);
    },
    SLOW,
  );

  it(
    'the Nintendo matcher links a game of the same title and release date, not one released on another date',
    async () => {
      const released = isoDay(-200);
      const matched = await createGame(db, {
        title: `Aventura Emparejada ${run}`,
        platforms: ['Nintendo Switch'],
        releaseDate: released,
      });
      const apart = await createGame(db, {
        title: `Aventura Desfasada ${run}`,
        platforms: ['Nintendo Switch'],
        releaseDate: released,
      });
      stores.nintendoCatalogue.push(
        // The eShop writes the title its way (trademark sign, capitals) and a day later.
        { title: `AVENTURA EMPAREJADA™ ${run}`, nsuid: nsuid(500), releaseDate: isoDay(-199) },
        { title: `Aventura Desfasada ${run}`, nsuid: nsuid(501), releaseDate: isoDay(-170) },
      );
      stores.nintendo.set(nsuid(500), { regular: 3999, final: 1999, endsAt: inTenDays.toISOString() });
      stores.nintendo.set(nsuid(501), { regular: 3999 });

      const { result } = await poll();
      expect(result.stores).toContainEqual(expect.objectContaining({ store: 'nintendo-links', changed: 1 }));
      expect(stores.nintendoSearchCalls.at(-1)).toMatchObject({
        path: '/es/select',
        fq: 'type:GAME AND system_type:nintendoswitch*',
        start: 0,
      });
      const links = await db.query(
        `select game_id, store_id, source from game_store_ids where store = 'nintendo' and game_id = any($1)`,
        [[matched.id, apart.id]],
      );
      expect(links.rows).toEqual([{ game_id: matched.id, store_id: nsuid(500), source: 'matched' }]);
      // Linked in this poll, priced in this poll.
      expect(await offers(matched.igdbId)).toEqual([
        expect.objectContaining({ store: 'nintendo', regular: 3999, final: 1999, discountPct: 50 }),
      ]);
      expect(await offers(apart.igdbId)).toEqual([]);
    },
    SLOW,
  );
});
