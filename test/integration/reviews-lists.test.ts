import 'reflect-metadata';
import type pg from 'pg';
import { call, userWithToken } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame } from '../support/factories.js';
import type { RunningProcess } from '../support/processes.js';
import { ONE_BACKEND } from '../support/test-env.js';

const backend = ONE_BACKEND;
const REVIEW = 'Un juego sobresaliente: su mundo abierto invita a perderse durante horas sin prisa alguna.';

// No game has this id, whatever other test files have loaded into the shared test database.
const UNKNOWN_GAME = 2_100_000_000;

describe('reviews and lists: contract and ownership', () => {
  let api: TestApi;
  let workers: RunningProcess | undefined;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db, workers } = await startApiAndPool(backend, { workers: true })), 90_000);
  afterAll(() => stopApiAndDatabase(api, db, workers), 30_000);

  it('publishes one review per game, sets the rating and lists, counts, edits and deletes it', async () => {
    const game = await createGame(db);
    const author = await userWithToken(api, db);
    const post = (body: object) => call(api, 'POST', '/api/user/reviews', { token: author.token, body });

    const published = await post({
      gameId: game.igdbId,
      review: REVIEW,
      rating: 77,
      imageCover: 'https://ignorado/x.jpg',
    });
    expect([published.status, published.text]).toEqual([201, 'Crítica agregada con éxito.']);
    expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBe(77);

    const replaced = await post({ gameId: game.igdbId, review: `${REVIEW} Segunda versión.`, rating: 65 });
    expect(replaced.status).toBe(201);
    expect((await call(api, 'GET', `/api/games/avRating/${game.igdbId}`)).json()).toBe(65);

    const count = await call(api, 'GET', '/api/user/reviews/count', { token: author.token });
    expect([count.status, count.text]).toEqual([200, '1']);
    const own = (await call(api, 'GET', '/api/user/reviews', { token: author.token })).json() as Record<
      string,
      unknown
    >[];
    expect(own).toEqual([
      expect.objectContaining({
        autor: author.username,
        rating: 65,
        review: `${REVIEW} Segunda versión.`,
        titleGame: game.title,
        gameIgdbID: game.igdbId,
        badge: 'bronze',
        authorReviewCount: 1,
      }),
    ]);
    const id = own[0].id as number;

    const edited = await call(api, 'PUT', `/api/user/reviews/${id}`, {
      token: author.token,
      body: { content: `${REVIEW} Editada.` },
    });
    expect(edited.status).toBe(200);
    expect(edited.json()).toMatchObject({ id, review: `${REVIEW} Editada.`, rating: 65 });
    const publicReviews = (await call(api, 'GET', `/api/games/reviews/users/${game.igdbId}`)).json() as {
      review: string;
    }[];
    expect(publicReviews.map((review) => review.review)).toEqual([`${REVIEW} Editada.`]);

    const removed = await call(api, 'DELETE', `/api/user/reviews/${id}`, { token: author.token });
    expect(removed.status).toBe(204);
    expect((await call(api, 'GET', '/api/user/reviews/count', { token: author.token })).text).toBe('0');
  }, 30_000);

  it('refuses short or unscored reviews with the spec message', async () => {
    const game = await createGame(db);
    const author = await userWithToken(api, db);
    for (const body of [
      { gameId: game.igdbId, review: 'Corta', rating: 80 },
      { gameId: game.igdbId, review: REVIEW, rating: 0 },
      { gameId: game.igdbId, review: REVIEW, rating: 101 },
      { gameId: game.igdbId, review: ' '.repeat(60), rating: 50 },
      { gameId: game.igdbId, review: 'x'.repeat(10_001), rating: 50 },
    ]) {
      const response = await call(api, 'POST', '/api/user/reviews', { token: author.token, body });
      expect([response.status, response.json()]).toEqual([
        400,
        { statusCode: 400, message: 'La crítica debe tener al menos 50 caracteres y puntuación mayor a 0.' },
      ]);
    }
    const unknown = await call(api, 'POST', '/api/user/reviews', {
      token: author.token,
      body: { gameId: UNKNOWN_GAME, review: REVIEW, rating: 50 },
    });
    expect(unknown.status).toBe(404);
    const badId = await call(api, 'PUT', '/api/user/reviews/abc', {
      token: author.token,
      body: { content: REVIEW },
    });
    expect(badId.status).toBe(400);
  }, 30_000);

  it("another user can neither edit nor delete someone's review", async () => {
    const game = await createGame(db);
    const [owner, intruder] = [await userWithToken(api, db), await userWithToken(api, db)];
    await call(api, 'POST', '/api/user/reviews', {
      token: owner.token,
      body: { gameId: game.igdbId, review: REVIEW, rating: 70 },
    });
    const [{ id }] = (await call(api, 'GET', '/api/user/reviews', { token: owner.token })).json() as {
      id: number;
    }[];

    expect((await call(api, 'GET', '/api/user/reviews', { token: intruder.token })).json()).toEqual([]);
    const edit = await call(api, 'PUT', `/api/user/reviews/${id}`, {
      token: intruder.token,
      body: { content: `${REVIEW} Hackeada.` },
    });
    expect([edit.status, edit.json()]).toEqual([404, { statusCode: 404, message: 'Crítica no encontrada' }]);
    expect((await call(api, 'DELETE', `/api/user/reviews/${id}`, { token: intruder.token })).status).toBe(
      404,
    );
    expect((await call(api, 'PUT', `/api/user/reviews/${id}`, { body: { content: REVIEW } })).status).toBe(
      401,
    );

    const [still] = (await call(api, 'GET', '/api/user/reviews', { token: owner.token })).json() as {
      review: string;
    }[];
    expect(still.review).toBe(REVIEW);
  }, 30_000);

  it('creates, fills, reads and deletes lists', async () => {
    const [gameA, gameB] = [await createGame(db), await createGame(db)];
    const user = await userWithToken(api, db);
    const lists = async () =>
      (await call(api, 'GET', '/api/user/gamelist', { token: user.token })).json() as {
        id: number;
        name: string;
        reserved: boolean;
        gameIds: number[];
      }[];

    const created = await call(api, 'POST', '/api/user/gamelist', {
      token: user.token,
      body: { name: '  rpg  favoritos ', gameIds: [] },
    });
    expect([created.status, created.text]).toEqual([201, 'Lista creada con éxito']);
    const duplicate = await call(api, 'POST', '/api/user/gamelist', {
      token: user.token,
      body: { name: 'RPG FAVORITOS', gameIds: [] },
    });
    expect([duplicate.status, duplicate.json()]).toEqual([
      409,
      { statusCode: 409, message: 'Ya tienes una lista con ese nombre' },
    ]);
    expect(
      (await call(api, 'POST', '/api/user/gamelist', { token: user.token, body: { name: 'deseados' } }))
        .status,
    ).toBe(409);
    for (const name of ['', '   ', 'x'.repeat(61), 42]) {
      expect(
        (await call(api, 'POST', '/api/user/gamelist', { token: user.token, body: { name, gameIds: [] } }))
          .status,
      ).toBe(400);
    }

    expect((await lists()).map(({ name, reserved, gameIds }) => ({ name, reserved, gameIds }))).toEqual([
      { name: 'Deseados', reserved: true, gameIds: [] },
      { name: 'Rpg favoritos', reserved: false, gameIds: [] },
    ]);
    const empty = await call(api, 'GET', `/api/user/${encodeURIComponent('Rpg favoritos')}/games`, {
      token: user.token,
    });
    expect([empty.status, empty.text]).toEqual([204, '']);

    const add = (gameId: number, name: string) =>
      call(api, 'POST', '/api/user/gamelist/addGame', { token: user.token, body: { gameId, name } });
    expect((await add(gameA.igdbId, 'Rpg favoritos')).status).toBe(200);
    expect((await add(gameA.igdbId, 'Rpg favoritos')).status).toBe(200);
    expect((await add(gameB.igdbId, 'Rpg favoritos')).status).toBe(200);
    expect((await add(gameB.igdbId, 'Deseados')).status).toBe(200);
    expect((await add(UNKNOWN_GAME, 'Rpg favoritos')).json()).toEqual({
      statusCode: 404,
      message: 'Juego no encontrado',
    });
    expect((await add(gameA.igdbId, 'No existe')).json()).toEqual({
      statusCode: 404,
      message: 'Lista no encontrada',
    });

    const games = await call(api, 'GET', `/api/user/${encodeURIComponent('rpg favoritos')}/games`, {
      token: user.token,
    });
    expect(games.status).toBe(200);
    expect(games.json()).toEqual([
      { id: gameA.id, title: gameA.title, igdbID: gameA.igdbId, imageCover: null, slug: expect.any(String) },
      { id: gameB.id, title: gameB.title, igdbID: gameB.igdbId, imageCover: null, slug: expect.any(String) },
    ]);
    expect((await call(api, 'GET', '/api/user/Otra/games', { token: user.token })).status).toBe(404);

    const favourites = (await lists()).find((list) => list.name === 'Rpg favoritos')!;
    expect(favourites.gameIds).toEqual([gameA.igdbId, gameB.igdbId]);
    const removed = await call(api, 'DELETE', `/api/user/gamelist/${favourites.id}/game/${gameA.igdbId}`, {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect((await lists()).find((list) => list.id === favourites.id)!.gameIds).toEqual([gameB.igdbId]);

    const wishlist = (await lists()).find((list) => list.name === 'Deseados')!;
    const reserved = await call(api, 'DELETE', `/api/user/gamelist/${wishlist.id}`, { token: user.token });
    expect([reserved.status, reserved.json()]).toEqual([
      400,
      { statusCode: 400, message: 'Las listas reservadas no se pueden eliminar' },
    ]);
    expect(
      (await call(api, 'DELETE', `/api/user/gamelist/${favourites.id}`, { token: user.token })).status,
    ).toBe(204);
    expect((await lists()).map((list) => list.name)).toEqual(['Deseados']);

    const withGames = await call(api, 'POST', '/api/user/gamelist', {
      token: user.token,
      body: { name: 'Inicial', gameIds: [gameA.igdbId, UNKNOWN_GAME] },
    });
    expect(withGames.status).toBe(201);
    expect((await lists()).find((list) => list.name === 'Inicial')!.gameIds).toEqual([gameA.igdbId]);
  }, 30_000);

  it("another user can neither read nor change someone's lists or their entries", async () => {
    const game = await createGame(db);
    const [owner, intruder] = [await userWithToken(api, db), await userWithToken(api, db)];
    await call(api, 'POST', '/api/user/gamelist', {
      token: owner.token,
      body: { name: 'Secreta', gameIds: [game.igdbId] },
    });
    const secret = (
      (await call(api, 'GET', '/api/user/gamelist', { token: owner.token })).json() as {
        id: number;
        name: string;
      }[]
    ).find((list) => list.name === 'Secreta')!;

    expect((await call(api, 'GET', '/api/user/Secreta/games', { token: intruder.token })).status).toBe(404);
    expect(
      (await call(api, 'DELETE', `/api/user/gamelist/${secret.id}`, { token: intruder.token })).status,
    ).toBe(404);
    expect(
      (
        await call(api, 'DELETE', `/api/user/gamelist/${secret.id}/game/${game.igdbId}`, {
          token: intruder.token,
        })
      ).status,
    ).toBe(404);
    const add = await call(api, 'POST', '/api/user/gamelist/addGame', {
      token: intruder.token,
      body: { gameId: game.igdbId, name: 'Secreta' },
    });
    expect(add.status).toBe(404);
    const intruderLists = (
      await call(api, 'GET', '/api/user/gamelist', { token: intruder.token })
    ).json() as { id: number }[];
    expect(intruderLists.map((list) => list.id)).not.toContain(secret.id);
    expect((await call(api, 'GET', '/api/user/gamelist')).status).toBe(401);

    const ownerView = await call(api, 'GET', '/api/user/Secreta/games', { token: owner.token });
    expect((ownerView.json() as { igdbID: number }[]).map((entry) => entry.igdbID)).toEqual([game.igdbId]);
  }, 30_000);

  it('a list named like another route does not shadow it', async () => {
    const user = await userWithToken(api, db);
    await call(api, 'POST', '/api/user/gamelist', {
      token: user.token,
      body: { name: 'reviews', gameIds: [] },
    });
    expect((await call(api, 'GET', '/api/user/reviews/count', { token: user.token })).text).toBe('0');
    expect((await call(api, 'GET', '/api/user/reviews', { token: user.token })).json()).toEqual([]);
    expect((await call(api, 'GET', '/api/user/me', { token: user.token })).status).toBe(200);
    expect((await call(api, 'GET', '/api/user/reviews/games', { token: user.token })).status).toBe(204);
  }, 30_000);
});
