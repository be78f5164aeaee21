import 'reflect-metadata';
import pg from 'pg';
import { call, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import { ONE_BACKEND, testEnv } from '../support/test-env.js';

const backend = ONE_BACKEND;

// No worker process at all: the recalculation jobs wait in the queue (and the outbox) meanwhile.
describe(`one's own rating counts at once while no worker runs (${backend} queues)`, () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => {
    api = await startTestApi(backend, { QUEUE_PREFIX: `${testEnv().queuePrefix}_own_average` });
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await db?.end();
  });

  const rate = (token: string, igdbId: number, score: number) =>
    call(api, 'POST', '/api/user/rating', { token, body: { gameId: igdbId, score } });
  const average = async (igdbId: number) => (await call(api, 'GET', `/api/games/avRating/${igdbId}`)).json();
  const stored = async (gameId: number) =>
    (await db.query('select av_user_ratings from games where id = $1', [gameId])).rows[0].av_user_ratings;

  it('the player average read right after a rating counts it, and the stored figure waits for the worker', async () => {
    const game = await createGame(db);
    const [first, second] = await Promise.all([userWithToken(api, db), userWithToken(api, db)]);
    expect(await average(game.igdbId)).toBeNull();

    expect((await rate(first.token, game.igdbId, 77)).status).toBe(200);
    expect(await average(game.igdbId)).toBe(77);
    expect((await rate(second.token, game.igdbId, 34)).status).toBe(200);
    expect(await average(game.igdbId)).toBe(56);
    expect((await rate(first.token, game.igdbId, 90)).status).toBe(200);
    expect(await average(game.igdbId)).toBe(62);
    // Nothing recalculated the stored figure: the answers above came from the ratings themselves.
    expect(await stored(game.id)).toBeNull();
  });

  it('answers 404 for a game that does not exist', async () => {
    expect((await call(api, 'GET', '/api/games/avRating/987654321')).status).toBe(404);
  });
});
