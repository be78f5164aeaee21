import 'reflect-metadata';
import type pg from 'pg';
import { call, userWithToken } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';

const REVIEW = 'Un juego sobresaliente: su mundo abierto invita a perderse durante horas sin prisa alguna.';
const UNKNOWN_GAME = 2_100_000_000;

/** docs/CONTRACT.md §16: the caller's own review of a game, and which of their lists hold it. */
describe("a user's own state on a game page", () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db } = await startApiAndPool()), 90_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  it("answers the caller's review of the game, 204 without one, and never another user's", async () => {
    const game = await createGame(db);
    const author = await userWithToken(api, db);
    const other = await userWithToken(api, db);
    const path = `/api/user/reviews/game/${game.igdbId}`;

    const before = await call(api, 'GET', path, { token: author.token });
    expect([before.status, before.text]).toEqual([204, '']);

    const published = await call(api, 'POST', '/api/user/reviews', {
      token: author.token,
      body: { gameId: game.igdbId, review: REVIEW, rating: 81 },
    });
    expect(published.status).toBe(201);

    const own = await call(api, 'GET', path, { token: author.token });
    expect(own.status).toBe(200);
    expect(own.json()).toMatchObject({
      autor: author.username,
      review: REVIEW,
      rating: 81,
      gameIgdbID: game.igdbId,
    });
    expect((await call(api, 'GET', path, { token: other.token })).status).toBe(204);

    expect((await call(api, 'GET', path)).status).toBe(401);
    const unknown = await call(api, 'GET', `/api/user/reviews/game/${UNKNOWN_GAME}`, { token: author.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'Juego no encontrado' });
    const bad = await call(api, 'GET', '/api/user/reviews/game/abc', { token: author.token });
    expect(bad.status).toBe(400);
  });

  it('names the lists holding the game, and Deseados follows an add and a removal', async () => {
    const game = await createGame(db);
    const user = await userWithToken(api, db);
    const other = await userWithToken(api, db);
    const path = `/api/user/gamelist/contains/${game.igdbId}`;
    const holding = async (token = user.token) => (await call(api, 'GET', path, { token })).json();

    expect(await holding()).toEqual([]);
    const add = (name: string) =>
      call(api, 'POST', '/api/user/gamelist/addGame', {
        token: user.token,
        body: { gameId: game.igdbId, name },
      });
    expect((await add('Deseados')).status).toBe(200);
    const created = await call(api, 'POST', '/api/user/gamelist', {
      token: user.token,
      body: { name: 'Para el verano' },
    });
    expect(created.status).toBe(201);
    expect((await add('Para el verano')).status).toBe(200);
    expect(await holding()).toEqual(['Deseados', 'Para el verano']);
    expect(await holding(other.token)).toEqual([]);

    const lists = (await call(api, 'GET', '/api/user/gamelist', { token: user.token })).json() as {
      id: number;
      name: string;
    }[];
    const wishlist = lists.find((list) => list.name === 'Deseados');
    const removed = await call(api, 'DELETE', `/api/user/gamelist/${wishlist?.id}/game/${game.igdbId}`, {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect(await holding()).toEqual(['Para el verano']);

    expect((await call(api, 'GET', path)).status).toBe(401);
    const unknown = await call(api, 'GET', `/api/user/gamelist/contains/${UNKNOWN_GAME}`, {
      token: user.token,
    });
    expect(unknown.status).toBe(404);
  });
});
