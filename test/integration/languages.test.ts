import 'reflect-metadata';
import pg from 'pg';
import { SPANISH_FILTERS } from '@veredicto/contract';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CatalogueImporter, DEMO_DATA_DIR, Game, GameLanguage, typedSql } from '@veredicto/db';
import { languagesChanged, recordDomainEvents, type DomainEventEnvelope } from '@veredicto/jobs';
import { SearchFreshnessConsumer } from '../../workers/src/events/consumers/search-freshness.consumer.js';
import { openDemoCatalogue } from '../support/demo-catalogue.js';
import { call, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { waitFor } from '../support/processes.js';
import { testEnv } from '../support/test-env.js';

/** docs/CONTRACT.md §13 on the demo catalogue and the Steam language file of libs/db/seed-data. */
describe('languages: ¿está en castellano?', () => {
  let api: TestApi;
  let orm: MikroORM;
  const get = async (path: string) => {
    const response = await fetch(`${api.baseUrl}${path}`);
    return { status: response.status, body: await response.json() };
  };
  const historyOf = async (igdbId: number) => {
    const game = await orm.em.fork().findOneOrFail(Game, { igdbId });
    return typedSql(orm.em.fork())
      .selectFrom('GameLanguageChange')
      .select(['platform', 'locale', 'text', 'audio', 'source', 'asOf'])
      .where('game', '=', game.id)
      .orderBy('id')
      .execute();
  };

  beforeAll(async () => {
    orm = await openDemoCatalogue();
    // No read cache: the test reads a game again right after changing its entries.
    api = await startTestApi('postgres', { READ_CACHE_TTL_MS: '0' });
  }, 600_000);

  afterAll(async () => {
    await api?.close();
    await orm?.close(true);
  });

  it('shows the entries of a game of the data file with their source and date, and its verdict', async () => {
    // Elden Ring: Steam lists Spanish (Spain and Latin America) texts, no Spanish voices, for the PC version.
    const { status, body } = await get('/api/games/119133');
    expect(status).toBe(200);
    expect(body.languages).toEqual([
      {
        platform: 'pc',
        locale: 'es-419',
        text: true,
        audio: false,
        interface: null,
        subtitles: null,
        source: 'steam',
        asOf: '2024-10',
      },
      {
        platform: 'pc',
        locale: 'es-ES',
        text: true,
        audio: false,
        interface: null,
        subtitles: null,
        source: 'steam',
        asOf: '2024-10',
      },
    ]);
    // Texts: some entry says yes. Voices: only the PC version is known, the consoles are not: unknown, not no.
    expect(body.spanish).toEqual({ audio: 'unknown', text: 'yes' });
  });

  it('answers no only where complete sources cover every platform, unknown where nothing covers them all', async () => {
    // Thief II is only on PC and Steam's complete list has no Spanish.
    expect((await get('/api/games/1')).body.spanish).toEqual({ audio: 'no', text: 'no' });
    // Max Payne: the same for its PC version, but it is also on PlayStation and Xbox.
    expect((await get('/api/games/18')).body.spanish).toEqual({ audio: 'unknown', text: 'unknown' });
    // BioShock has Spanish voices on Steam.
    expect((await get('/api/games/20')).body.spanish).toEqual({ audio: 'yes', text: 'yes' });
    // A game without a line knows nothing: no entries, unknown.
    const game = await orm.em.fork().findOneOrFail(Game, { igdbId: 119133 });
    const without = await typedSql(orm.em.fork())
      .selectFrom('Game')
      .select('igdbId')
      .where(
        'igdbId',
        'not in',
        typedSql(orm.em.fork())
          .selectFrom('GameLanguage')
          .innerJoin('Game as g', 'g.id', 'GameLanguage.game')
          .select('g.igdbId'),
      )
      .where('id', '<>', game.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    const none = (await get(`/api/games/${without.igdbId}`)).body;
    expect(none.languages).toEqual([]);
    expect(none.spanish).toEqual({ audio: 'unknown', text: 'unknown' });
  });

  it('puts the verdict on the catalogue cards', async () => {
    const { body } = await get('/api/games/all?page=0&size=50');
    for (const card of body.content) {
      expect(['yes', 'no', 'unknown']).toContain(card.spanish.audio);
      expect(['yes', 'no', 'unknown']).toContain(card.spanish.text);
    }
  });

  it('keeps entries across re-imports: an unchanged file changes nothing, a change keeps its history', async () => {
    const importer = new CatalogueImporter(orm.em.fork());
    const before = await historyOf(20);
    expect(before).toHaveLength(2);
    expect(await importer.importLanguages(`${DEMO_DATA_DIR}languages.jsonl.gz`)).toEqual([]);
    expect(await historyOf(20)).toEqual(before);

    // Steam's list changed: the entry follows it and the history keeps both versions.
    const em = orm.em.fork();
    const changed = await em.transactional((tx) =>
      tx.getRepository(GameLanguage).state([
        {
          igdbId: 20,
          platform: 'pc',
          locale: 'es-ES',
          text: true,
          audio: false,
          interface: null,
          subtitles: null,
          source: 'steam',
          sourceRef: '7670',
          asOf: '2026-01',
        },
      ]),
    );
    expect(changed).toEqual([20]);
    expect((await get('/api/games/20')).body.spanish).toEqual({ audio: 'unknown', text: 'yes' });
    expect(await historyOf(20)).toHaveLength(3);
    expect((await historyOf(20)).at(-1)).toEqual({
      platform: 'pc',
      locale: 'es-ES',
      text: true,
      audio: false,
      source: 'steam',
      asOf: '2026-01',
    });
    // The file again: back to its statement, the change kept in the history.
    expect(await importer.importLanguages(`${DEMO_DATA_DIR}languages.jsonl.gz`)).toEqual([20]);
    expect(await historyOf(20)).toHaveLength(4);
  });

  it("filters the catalogue by Spanish voices or texts ('spanish=audio|text'), and refuses another value", async () => {
    const counts = await typedSql(orm.em.fork())
      .selectFrom('Game')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('spanishAudio', '=', 'yes').as('audio'),
        eb.fn.countAll<string>().filterWhere('spanishText', '=', 'yes').as('text'),
      ])
      .where((eb) =>
        eb.or([
          eb('releaseDate', '<=', new Date().toISOString().slice(0, 10)),
          eb('releaseDate', 'is', null),
        ]),
      )
      // Adult titles and add-ons are out of the catalogue's default (section 16).
      .where('mature', '=', false)
      .where('addon', '=', false)
      .executeTakeFirstOrThrow();
    for (const field of SPANISH_FILTERS) {
      const { status, body } = await get(`/api/games/all?spanish=${field}&size=50`);
      expect(status).toBe(200);
      expect(body.totalElements).toBe(Number(counts[field]));
      expect(body.content.length).toBe(50);
      for (const card of body.content) expect(card.spanish[field]).toBe('yes');
      // Deep pages come from the filtered ordering's anchors too.
      const last = await get(`/api/games/all?spanish=${field}&size=50&page=${body.totalPages - 1}`);
      for (const card of last.body.content) expect(card.spanish[field]).toBe('yes');
    }
    const withPlatform = await get('/api/games/all?spanish=audio&platform=ps4&sortBy=avRatings');
    for (const card of withPlatform.body.content) {
      expect(card.spanish.audio).toBe('yes');
      expect(card.platform).toContain('PlayStation 4');
    }
    const wrong = await get('/api/games/all?spanish=castellano');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('spanish debe ser uno de: audio, text');

    // A filtered search that finds nothing says nothing of the title: no '¿Quizás buscabas…?' and no
    // search miss for the operator (the same search unfiltered is one).
    const missesOf = async (term: string) =>
      (
        await typedSql(orm.em.fork())
          .selectFrom('SearchMiss')
          .select('count')
          .where('term', '=', term)
          .execute()
      ).map((row) => Number(row.count));
    const term = `zzqx kwvj ${Date.now()}`;
    const filtered = await fetch(
      `${api.baseUrl}/api/games/search?name=${encodeURIComponent(term)}&spanish=audio`,
    );
    expect(filtered.status).toBe(200);
    expect(await filtered.json()).toEqual([]);
    expect(filtered.headers.get('X-Did-You-Mean')).toBeNull();
    const unfiltered = await get(`/api/games/search?name=${encodeURIComponent(term)}`);
    expect(unfiltered.body).toEqual([]);
    for (let tries = 0; tries < 50 && (await missesOf(term)).length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await missesOf(term)).toEqual([1]);
    // Asked again (the search lane's kept answer), counted again; the filtered one still never.
    expect((await get(`/api/games/search?name=${encodeURIComponent(term)}`)).body).toEqual([]);
    await fetch(`${api.baseUrl}/api/games/search?name=${encodeURIComponent(term)}&spanish=audio`);
    for (let tries = 0; tries < 50 && (await missesOf(term))[0] !== 2; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await missesOf(term)).toEqual([2]);
  });

  it("a change of a game's Spanish writes its event; the search-freshness consumer brings every search index up to date", async () => {
    // A game the search knows, whose voices nobody says are in castellano.
    const game = await typedSql(orm.em.fork())
      .selectFrom('Game')
      .select(['igdbId', 'title'])
      .where('spanishAudio', '<>', 'yes')
      .where('igdbId', 'not in', [1, 18, 20, 119133])
      .where('title', '~', '^[A-Za-z]+ [A-Za-z]+ [A-Za-z]+$')
      .orderBy('criticReviewCount', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const igdbId = Number(game.igdbId);
    const search = async (spanish: string) =>
      (await get(`/api/games/search?name=${encodeURIComponent(game.title)}&spanish=${spanish}`)).body as {
        igdbID: number;
        spanish: { audio: string };
      }[];
    expect((await search('audio')).map((found) => found.igdbID)).not.toContain(igdbId);

    // A press review says its PS4 version has castellano voices: the entry and its event, one transaction.
    const recorded = await orm.em.fork().transactional(async (tx) => {
      const changed = await tx.getRepository(GameLanguage).state([
        {
          igdbId,
          platform: 'ps4',
          locale: 'es-ES',
          text: true,
          audio: true,
          interface: null,
          subtitles: null,
          source: 'review',
          sourceRef: null,
          asOf: new Date().toISOString().slice(0, 10),
        },
      ]);
      return recordDomainEvents(tx, changed.map(languagesChanged));
    });
    const outbox = await typedSql(orm.em.fork())
      .selectFrom('OutboxMessage')
      .select('payload')
      .where('id', 'in', recorded.messageIds)
      .execute();
    const events = outbox.map((row) => (row.payload as unknown as DomainEventEnvelope).event);
    expect(events).toEqual([{ name: 'game.languages-changed', igdbId }]);
    // The game's page reads the database: it says so at once. The search, from the index and the catalogue
    // in memory, within a second: the verdict's columns move the game's search version (migration
    // CatalogueMemory; before it, only the event's consumer below did), which both read every second.
    expect((await get(`/api/games/${igdbId}`)).body.spanish.audio).toBe('yes');
    await waitFor(
      async () => (await search('audio')).find((one) => one.igdbID === igdbId)?.spanish.audio === 'yes',
      { what: 'the search to find the castellano voices', timeoutMs: 10_000 },
    );

    // The consumer of the event moves it again (a verdict written where no trigger sees it): the same answer.
    await new SearchFreshnessConsumer(orm).handle(events[0] as ReturnType<typeof languagesChanged>);
    const found = (await search('audio')).find((one) => one.igdbID === igdbId);
    expect(found?.spanish.audio).toBe('yes');
    for (const one of await search('audio')) expect(one.spanish.audio).toBe('yes');
  });

  it("a player's report, accepted by the operator with a reason, becomes a 'user' entry with its history; the reporter is told", async () => {
    const db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 1 });
    const reporter = await userWithToken(api, db).finally(() => db.end());
    // Max Payne's PlayStation 2 version: nothing known of it.
    const report = (body: object, token: string | null = reporter.token) =>
      call(api, 'POST', '/api/games/18/languages/reports', { token: token ?? undefined, body });
    expect((await report({ platform: 'ps2', locale: 'es-ES', text: true }, null)).status).toBe(401);
    const empty = await report({ platform: 'ps2', locale: 'es-ES' });
    expect([empty.status, (empty.json() as { message: string }).message]).toEqual([
      400,
      'Indica al menos si hay textos, voces, interfaz o subtítulos',
    ]);
    const wrong = await report({ platform: 'ps2', locale: 'es-MX', text: 'sí' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('locale debe ser uno de: es-ES, es-419');
    const filed = await report({
      platform: 'ps2',
      locale: 'es-ES',
      text: true,
      audio: true,
      note: 'Caja PAL',
    });
    expect(filed.status).toBe(201);
    const { id } = filed.json() as { id: number };

    const admin = (
      (
        await call(api, 'POST', '/api/auth/check-password', { body: { password: api.config.ADMIN_PASSWORD } })
      ).json() as {
        token: string;
      }
    ).token;
    const open = (await call(api, 'GET', '/api/admin/language-reports', { token: admin })).json() as {
      id: number;
    }[];
    expect(open.find((one) => one.id === id)).toMatchObject({
      igdbID: 18,
      reporter: reporter.username,
      platform: 'ps2',
      locale: 'es-ES',
      text: true,
      audio: true,
      interface: null,
      note: 'Caja PAL',
    });
    const decide = (body: object) =>
      call(api, 'POST', `/api/admin/language-reports/${id}`, { token: admin, body });
    expect(
      (await call(api, 'POST', `/api/admin/language-reports/${id}`, { body: { accept: true } })).status,
    ).toBe(401);
    expect((await decide({ accept: true, reason: 'corto' })).status).toBe(400);
    const reason = 'Comprobado en la caja PAL y en el menú del juego.';
    expect((await decide({ accept: true, reason })).json()).toEqual({ accepted: true });
    expect((await decide({ accept: true, reason })).status).toBe(404);

    const today = new Date().toISOString().slice(0, 10);
    const game = (await get('/api/games/18')).body;
    expect(game.languages).toContainEqual({
      platform: 'ps2',
      locale: 'es-ES',
      text: true,
      audio: true,
      interface: null,
      subtitles: null,
      source: 'user',
      asOf: today,
    });
    expect(game.spanish).toEqual({ audio: 'yes', text: 'yes' });
    // The history: which report (and so who), when, and what it says.
    const history = await typedSql(orm.em.fork())
      .selectFrom('GameLanguageChange as c')
      .innerJoin('Game as g', 'g.id', 'c.game')
      .select(['c.platform', 'c.text', 'c.audio', 'c.source', 'c.sourceRef', 'c.asOf', 'c.changedAt'])
      .where('g.igdbId', '=', 18)
      .where('c.source', '=', 'user')
      .execute();
    expect(history).toEqual([
      expect.objectContaining({
        platform: 'ps2',
        text: true,
        audio: true,
        sourceRef: `report:${id}`,
        asOf: today,
      }),
    ]);
    const decided = await typedSql(orm.em.fork())
      .selectFrom('LanguageReport as r')
      .innerJoin('User as u', 'u.id', 'r.reporter')
      .select(['u.username', 'r.accepted', 'r.decisionReason', 'r.decidedAt'])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ username: reporter.username, accepted: true, decisionReason: reason });
    expect(decided.decidedAt).not.toBeNull();
    // Its event and the reporter's mail, written with the decision.
    const outbox = await typedSql(orm.em.fork())
      .selectFrom('OutboxMessage')
      .select(['jobName', 'payload'])
      .where('createdAt', '>=', decided.decidedAt!)
      .execute();
    expect(outbox.map((row) => row.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: { name: 'game.languages-changed', igdbId: 18 } }),
        expect.objectContaining({
          template: 'language-report-decided',
          to: `${reporter.username}@example.com`,
          data: { username: reporter.username, gameTitle: game.title, accepted: true, reason },
        }),
      ]),
    );
  });
});
