import 'reflect-metadata';
import pg from 'pg';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { adminToken, call } from '../support/local-site.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const SLOW = 90_000;

/** A day this many days from the run's date, as the API writes it. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * 'Editar juego' (docs/CONTRACT.md §11): the operator's PATCH of a game's date, precision and platforms
 * writes the game, one game_changes row and one game.facts-changed event in the outbox, together; the same
 * edit again writes nothing; bad input is a Spanish 400 that changes nothing.
 */
describe('PATCH /api/admin/games/{igdbID}: game changes', () => {
  let api: TestApi;
  let db: pg.Client;
  let token: string;
  const backend = ONE_BACKEND;

  beforeAll(async () => {
    api = await startTestApi(backend, { QUEUE_PREFIX: `${testEnv().queuePrefix}_changes` });
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    token = await adminToken(api.baseUrl, api.env.ADMIN_PASSWORD);
  }, SLOW);

  afterAll(async () => {
    await api?.close();
    await db?.end();
  }, SLOW);

  const changesOf = async (igdbId: number) =>
    (
      await db.query(
        `select id, what, before, after, changed_by from game_changes where game_igdb_id = $1 order by id`,
        [igdbId],
      )
    ).rows;
  const eventsOf = async (igdbId: number) =>
    (
      await db.query(
        `select payload->'event' as event from job_outbox
         where job_name = 'dispatch-domain-event' and (payload->'event'->>'igdbId')::int = $1 order by id`,
        [igdbId],
      )
    ).rows.map((row) => row.event);
  const factsOf = async (igdbId: number) =>
    (
      await db.query(
        `select to_char(release_date, 'YYYY-MM-DD') as release_date, release_date_precision, platforms
         from games where igdb_id = $1`,
        [igdbId],
      )
    ).rows[0];

  it(
    'a date change is stored with its change and its event; the same change again does nothing',
    async () => {
      const before = dayFromToday(100);
      const after = dayFromToday(180);
      const game = await createGame(db, { releaseDate: before, platforms: ['PC', 'PlayStation 5'] });
      await db.query(`update games set release_date_precision = 'day' where igdb_id = $1`, [game.igdbId]);

      // Read (and cached) before the edit: the edit must clear the read cache.
      expect((await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}`)).body.releaseDate).toBe(before);
      const edit = () =>
        call(api.baseUrl, 'PATCH', `/api/admin/games/${game.igdbId}`, {
          token,
          json: { releaseDate: after },
        });
      const first = await edit();
      expect(first.status).toBe(200);
      const changes = await changesOf(game.igdbId);
      expect(changes).toEqual([
        {
          id: String(first.body.changeId),
          what: ['releaseDate'],
          before: { releaseDate: before },
          after: { releaseDate: after },
          changed_by: 'operador',
        },
      ]);
      expect(first.body).toEqual({
        igdbID: game.igdbId,
        releaseDate: after,
        releaseDatePrecision: 'day',
        platforms: ['pc', 'ps5'],
        changeId: Number(changes[0].id),
      });
      expect(await factsOf(game.igdbId)).toEqual({
        release_date: after,
        release_date_precision: 'day',
        platforms: ['PC', 'PlayStation 5'],
      });
      expect(await eventsOf(game.igdbId)).toEqual([
        { name: 'game.facts-changed', igdbId: game.igdbId, changeId: Number(changes[0].id) },
      ]);

      const again = await edit();
      expect(again.status).toBe(200);
      expect(again.body.changeId).toBeNull();
      expect(await changesOf(game.igdbId)).toHaveLength(1);
      expect(await eventsOf(game.igdbId)).toHaveLength(1);

      const detail = await call(api.baseUrl, 'GET', `/api/games/${game.igdbId}`);
      expect(detail.body.releaseDate).toBe(after);
    },
    SLOW,
  );

  it(
    'a port and a precision are one change with what changed, platforms by id',
    async () => {
      const game = await createGame(db, { releaseDate: dayFromToday(60), platforms: ['PlayStation 5'] });
      const { status, body } = await call(api.baseUrl, 'PATCH', `/api/admin/games/${game.igdbId}`, {
        token,
        json: { releaseDatePrecision: 'quarter', platforms: ['ps5', 'switch-2'] },
      });
      expect(status).toBe(200);
      expect(body.platforms).toEqual(['ps5', 'switch-2']);
      const [change] = await changesOf(game.igdbId);
      expect(change).toMatchObject({
        what: ['releaseDatePrecision', 'platforms'],
        before: { releaseDatePrecision: null, platforms: ['PlayStation 5'] },
        after: { releaseDatePrecision: 'quarter', platforms: ['PlayStation 5', 'Nintendo Switch 2'] },
      });
    },
    SLOW,
  );

  it(
    'bad input is a Spanish 400, a missing game a 404, no token a 401, and none of them changes anything',
    async () => {
      const game = await createGame(db, { releaseDate: dayFromToday(30) });
      const facts = await factsOf(game.igdbId);
      const cases: [unknown, number, string][] = [
        [{ releaseDate: '14-03-2027' }, 400, 'La fecha de salida debe tener el formato AAAA-MM-DD'],
        [{ releaseDate: '2027-02-30' }, 400, 'La fecha de salida no es un día del calendario'],
        [{ releaseDatePrecision: 'semana' }, 400, 'La precisión debe ser day, month, quarter o year'],
        [{ platforms: ['dreamcast'] }, 400, 'Plataforma desconocida'],
        [{ platforms: 'pc' }, 400, 'Las plataformas deben ser una lista'],
        [{ platforms: [] }, 400, 'Un juego necesita al menos una plataforma'],
        [
          { releaseDate: null, releaseDatePrecision: 'day' },
          400,
          'Una precisión necesita una fecha de salida',
        ],
      ];
      for (const [json, status, message] of cases) {
        const answer = await call(api.baseUrl, 'PATCH', `/api/admin/games/${game.igdbId}`, { token, json });
        expect({ json, status: answer.status }).toEqual({ json, status });
        expect(JSON.stringify(answer.body.message)).toContain(message);
      }
      expect(
        (
          await call(api.baseUrl, 'PATCH', '/api/admin/games/999999999', {
            token,
            json: { platforms: ['pc'] },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(api.baseUrl, 'PATCH', `/api/admin/games/${game.igdbId}`, { json: { platforms: ['pc'] } }))
          .status,
      ).toBe(401);
      expect(await factsOf(game.igdbId)).toEqual(facts);
      expect(await changesOf(game.igdbId)).toEqual([]);
    },
    SLOW,
  );
});
