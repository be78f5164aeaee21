import 'reflect-metadata';
import type pg from 'pg';
import { join } from 'node:path';
import { GAME_PASS_LISTS } from '@veredicto/scraping/prices/game-pass.js';
import type { TestApi } from '../support/api-app.js';
import { userWithToken } from '../support/accounts.js';
import { readOutbox } from '../support/eml.js';
import { createGame } from '../support/factories.js';
import { FakeGamePass } from '../support/fake-game-pass.js';
import { call } from '../support/local-site.js';
import { waitFor } from '../support/processes.js';
import { pollPrices, startSiteWithWorkers, type SiteWithWorkers } from '../support/site-with-workers.js';
import { ONE_BACKEND } from '../support/test-env.js';

const SLOW = 90_000;

/** Today in Spain, yyyy-MM-dd and dd-MM-yyyy (the run's date, as every dated fixture). */
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
const spanish = (day: string) => day.split('-').reverse().join('-');

/**
 * Game Pass (docs/CONTRACT.md §20): the poll reads the service's lists through a local fake in the real
 * shape, records which catalogue games are in, since when and leaving, and tells their followers once.
 */
describe('Game Pass: memberships and subscription alerts through a local fake', () => {
  const gamePass = new FakeGamePass(Object.values(GAME_PASS_LISTS));
  const backend = ONE_BACKEND;
  let site: SiteWithWorkers;
  let api: TestApi;
  let db: pg.Client;
  let token: string;
  let veteran: { id: number; igdbId: number; title: string };
  let newcomer: { id: number; igdbId: number; title: string };
  let follower: Awaited<ReturnType<typeof userWithToken>>;
  let muted: Awaited<ReturnType<typeof userWithToken>>;
  // Microsoft Store big ids of this run: twelve upper-case letters and digits.
  const bigId = (prefix: string) =>
    `${prefix}${Date.now().toString(36).toUpperCase()}`.padEnd(12, '0').slice(0, 12);
  const veteranId = bigId('9V');
  const newcomerConsoleId = bigId('9N');
  const newcomerPcId = bigId('9P');

  const link = (gameId: number, storeId: string) =>
    db.query(
      `insert into game_store_ids (game_id, store, store_id, source) values ($1, 'xbox', $2, 'igdb')`,
      [gameId, storeId],
    );
  const want = (userId: number, gameId: number) =>
    db.query(`insert into game_statuses (user_id, game_id, status) values ($1, $2, 'want')`, [
      userId,
      gameId,
    ]);

  beforeAll(async () => {
    await gamePass.start();
    site = await startSiteWithWorkers({
      backend,
      // A database of its own: the memberships and the alerts are the whole service's, not one game's.
      ownDatabase: 'gamepass',
      ownDataDir: true,
      env: {
        PRICES_POLL: 'on',
        GAMEPASS_URL: gamePass.origin,
        // No Steam game in this database: nothing is asked of Steam, and never of the real one.
        STEAM_API_URL: gamePass.origin,
        STEAM_STORE_URL: gamePass.origin,
        PRICES_REQUEST_INTERVAL_MS: '0',
      },
    });
    ({ api, db, token } = site);
    veteran = await createGame(db, { title: 'Veterano del Pase' });
    newcomer = await createGame(db, { title: 'Recién Llegado' });
    await link(veteran.id, veteranId);
    // A console and a PC product of one game: one game, one alert.
    await link(newcomer.id, newcomerConsoleId);
    await link(newcomer.id, newcomerPcId.toLowerCase());
    follower = await userWithToken(api, db);
    muted = await userWithToken(api, db);
    for (const user of [follower, muted]) {
      await want(user.id, veteran.id);
      await want(user.id, newcomer.id);
    }
    const settings = await call(api.baseUrl, 'GET', '/api/user/alerts', { token: muted.token });
    const { calendarUrl: _calendar, ...body } = settings.body;
    const off = await call(api.baseUrl, 'PUT', '/api/user/alerts', {
      token: muted.token,
      json: { ...body, kinds: { ...body.kinds, subscriptionIn: false, subscriptionLeaving: false } },
    });
    expect(off.status).toBe(200);
  }, SLOW);

  afterAll(async () => {
    await site?.stop();
    await gamePass.close();
  }, SLOW);

  const poll = () => pollPrices(site);
  const notifications = async (user: { token: string }) =>
    (await call(api.baseUrl, 'GET', '/api/user/notifications', { token: user.token })).body.content as {
      kind: string;
      text: string;
      igdbID: number;
    }[];
  const subscriptionsOf = async (igdbId: number) => {
    const { status, body } = await call(api.baseUrl, 'GET', `/api/games/${igdbId}/prices`);
    expect(status).toBe(200);
    return body.subscriptions;
  };
  const mailsTo = async (user: { username: string }) =>
    (await readOutbox(join(api.env.DATA_DIR, 'outbox'))).filter((mail) =>
      mail.headers.to?.includes(`${user.username}@`),
    );
  const alertsOf = async (igdbId: number) =>
    (await db.query(`select kind, key from alerts where game_igdb_id = $1 order by id`, [igdbId])).rows;

  it(
    'the first poll stores who is in Game Pass for Spain since today, and tells nobody (it is no news)',
    async () => {
      gamePass.lists.set(GAME_PASS_LISTS.console, [veteranId, '9ZZZZZZZZZZZ']);
      gamePass.lists.set(GAME_PASS_LISTS.pc, [veteranId]);
      const { result } = await poll();
      expect(result.stores).toContainEqual({
        store: 'gamepass',
        games: 2,
        changed: 2,
        failed: 0,
        requests: Object.keys(GAME_PASS_LISTS).length,
      });
      // Every list once, Spain's market in Spanish.
      expect(gamePass.calls.map((c) => c.id).sort()).toEqual(Object.values(GAME_PASS_LISTS).sort());
      expect(new Set(gamePass.calls.map((c) => `${c.market} ${c.language}`))).toEqual(new Set(['ES es-es']));

      const stored = await db.query(
        `select store_id, left_at, leaving from subscription_memberships where service = 'gamepass' order by store_id`,
      );
      expect(stored.rows).toEqual([
        { store_id: veteranId, left_at: null, leaving: null },
        { store_id: '9ZZZZZZZZZZZ', left_at: null, leaving: null },
      ]);
      expect(await subscriptionsOf(veteran.igdbId)).toEqual([
        { service: 'Game Pass', since: madridToday(), leaving: null },
      ]);
      expect(await subscriptionsOf(newcomer.igdbId)).toEqual([]);
      expect(await alertsOf(veteran.igdbId)).toEqual([]);

      const status = await call(api.baseUrl, 'GET', '/api/admin/prices/status', { token });
      expect(status.body).toContainEqual(
        expect.objectContaining({
          store: 'gamepass',
          games: 2,
          changed: 2,
          failed: 0,
          finishedAt: expect.any(String),
        }),
      );
    },
    SLOW,
  );

  it(
    'a followed game entering gives its followers one notification and one mail; the next poll, nothing',
    async () => {
      gamePass.lists.set(GAME_PASS_LISTS.console, [veteranId, '9ZZZZZZZZZZZ', newcomerConsoleId]);
      gamePass.lists.set(GAME_PASS_LISTS.pc, [veteranId, newcomerPcId]);
      await poll();
      await waitFor(async () => (await mailsTo(follower)).length > 0, {
        timeoutMs: 30_000,
        what: 'the mail',
      });
      expect(await notifications(follower)).toEqual([
        expect.objectContaining({
          kind: 'subscription-in',
          igdbID: newcomer.igdbId,
          text: 'Ya está en Game Pass',
        }),
      ]);
      const [mail] = await mailsTo(follower);
      expect(mail.headers.subject).toContain('Recién Llegado: Ya está en Game Pass');
      expect(await subscriptionsOf(newcomer.igdbId)).toEqual([
        { service: 'Game Pass', since: madridToday(), leaving: null },
      ]);

      // Polled again with the same lists: no alert, no notification, no mail.
      await poll();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await notifications(follower)).toHaveLength(1);
      expect(await mailsTo(follower)).toHaveLength(1);
      expect((await alertsOf(newcomer.igdbId)).map((alert) => alert.kind)).toEqual(['subscription-in']);
      // The follower who turned the kind off hears nothing.
      expect(await notifications(muted)).toEqual([]);
    },
    SLOW,
  );

  it(
    "appearing in 'leaving soon' gives one subscription-leaving, and the page says 'Sale pronto' with the day",
    async () => {
      gamePass.lists.set(GAME_PASS_LISTS.leavingConsole, [newcomerConsoleId]);
      gamePass.lists.set(GAME_PASS_LISTS.leavingPc, [newcomerPcId]);
      await poll();
      const text = `Sale pronto de Game Pass (anunciado el ${spanish(madridToday())})`;
      await waitFor(async () => (await notifications(follower)).length === 2, {
        timeoutMs: 30_000,
        what: 'the leaving notification',
      });
      expect((await notifications(follower)).find((n) => n.kind === 'subscription-leaving')).toMatchObject({
        igdbID: newcomer.igdbId,
        text,
      });
      expect(await subscriptionsOf(newcomer.igdbId)).toEqual([
        { service: 'Game Pass', since: madridToday(), leaving: madridToday() },
      ]);

      await poll();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await notifications(follower)).toHaveLength(2);
      expect((await alertsOf(newcomer.igdbId)).map((alert) => alert.kind)).toEqual([
        'subscription-in',
        'subscription-leaving',
      ]);
      expect(await notifications(muted)).toEqual([]);
    },
    SLOW,
  );

  it(
    'a game gone from the lists has left; an unreachable service leaves every membership as it was',
    async () => {
      for (const list of [
        GAME_PASS_LISTS.console,
        GAME_PASS_LISTS.pc,
        GAME_PASS_LISTS.leavingConsole,
        GAME_PASS_LISTS.leavingPc,
      ])
        gamePass.lists.set(
          list,
          (gamePass.lists.get(list) ?? []).filter((id) => id !== newcomerConsoleId && id !== newcomerPcId),
        );
      await poll();
      expect(await subscriptionsOf(newcomer.igdbId)).toEqual([]);
      const left = await db.query(
        `select count(*)::int as n from subscription_memberships where store_id in ($1, $2) and left_at is not null`,
        [newcomerConsoleId, newcomerPcId],
      );
      expect(left.rows[0].n).toBe(2);

      gamePass.failWith = 503;
      try {
        const { result } = await poll();
        expect(result.stores).toContainEqual(
          expect.objectContaining({ store: 'gamepass', games: 2, failed: 2 }),
        );
      } finally {
        gamePass.failWith = null;
      }
      expect(await subscriptionsOf(veteran.igdbId)).toEqual([
        { service: 'Game Pass', since: madridToday(), leaving: null },
      ]);
    },
    SLOW,
  );

  it('answers the prices of an unknown game with a clear 404', async () => {
    const missing = await call(api.baseUrl, 'GET', '/api/games/2147483000/prices');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });
});
