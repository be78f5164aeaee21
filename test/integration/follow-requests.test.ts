import 'reflect-metadata';
import { strFromU8, unzipSync } from 'fflate';
import type pg from 'pg';
import { call, freshIp, userWithToken } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame, rate } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

const backend = testEnv().redisUrl ? 'redis' : 'postgres';

type Account = Awaited<ReturnType<typeof userWithToken>>;

/** A `followers` profile means approved followers (docs/CONTRACT.md §18). */
describe('follow requests of a profile for followers: approval, refusal and removal', () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db } = await startApiAndPool(backend)), 90_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  const year = new Date().getUTCFullYear();

  /** An owner with a `followers` profile and a rating of a game, and a reader. */
  async function privateOwnerAndReader() {
    const game = await createGame(db);
    const owner = await userWithToken(api, db);
    const reader = await userWithToken(api, db);
    await rate(db, owner.id, game.id, 83);
    const privacy = await call(api, 'PUT', '/api/user/privacy', {
      token: owner.token,
      body: { profile: 'followers' },
    });
    expect(privacy.status).toBe(200);
    return { game, owner, reader };
  }

  /** What the reader sees of the owner: profile, year, feed and 'Tu círculo' of the game. */
  async function seenBy(reader: Account, owner: Account, igdbId: number) {
    const feed = await call(api, 'GET', '/api/user/feed', { token: reader.token });
    const circle = await call(api, 'GET', `/api/user/circle/${igdbId}`, { token: reader.token });
    const entries = await db.query<{ count: number }>(
      'select count(*)::int as count from feed_entries where reader_id = $1 and author_id = $2',
      [reader.id, owner.id],
    );
    return {
      profile: (await call(api, 'GET', `/api/users/${owner.username}`, { token: reader.token })).status,
      year: (await call(api, 'GET', `/api/users/${owner.username}/year/${year}`, { token: reader.token }))
        .status,
      feed: (feed.json() as { content: { username: string }[] }).content.map((item) => item.username),
      circle: (circle.json() as { count: number }).count,
      feedEntries: entries.rows[0].count,
    };
  }

  /** The follows in the user's export (veredicto.json). */
  async function exportedFollows(account: Account) {
    const response = await fetch(`${api.baseUrl}/api/user/export`, {
      headers: { authorization: `Bearer ${account.token}`, 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(200);
    const json = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['veredicto.json']),
    ) as Record<string, unknown>;
    return { following: json.following, followRequests: json.followRequests, followers: json.followers };
  }

  const stranger = { profile: 404, year: 404, feed: [], circle: 0, feedEntries: 0 };

  const requestsOf = async (owner: Account) =>
    (await call(api, 'GET', '/api/user/follow-requests', { token: owner.token })).json();
  const followersOf = async (owner: Account) =>
    (await call(api, 'GET', '/api/user/followers', { token: owner.token })).json();

  it('a follower of a followers profile sees nothing until the owner approves', async () => {
    const { game, owner, reader } = await privateOwnerAndReader();
    const request = await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token });
    expect([request.status, request.json()]).toEqual([200, { following: false, requested: true }]);
    // Asking twice leaves one request.
    await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token });
    expect(await seenBy(reader, owner, game.igdbId)).toEqual(stranger);
    expect(
      (await call(api, 'GET', `/api/users/${owner.username}/follow`, { token: reader.token })).json(),
    ).toEqual({ following: false, requested: true });

    const requests = (await requestsOf(owner)) as { username: string; requestedAt: string }[];
    expect(requests.map((item) => item.username)).toEqual([reader.username]);
    expect(Math.abs(Date.parse(requests[0].requestedAt) - Date.now())).toBeLessThan(60_000);
    expect(await followersOf(owner)).toEqual([]);
    // Both ends of a request take it in their export.
    const requested = { username: reader.username, since: requests[0].requestedAt };
    expect(await exportedFollows(owner)).toEqual({
      following: [],
      followRequests: { sent: [], received: [requested] },
      followers: [],
    });
    expect(await exportedFollows(reader)).toEqual({
      following: [],
      followRequests: { sent: [{ ...requested, username: owner.username }], received: [] },
      followers: [],
    });
    // Nobody else approves it for the owner.
    expect(
      (await call(api, 'PUT', `/api/user/follow-requests/${reader.username}`, { token: reader.token }))
        .status,
    ).toBe(404);

    const approve = await call(api, 'PUT', `/api/user/follow-requests/${reader.username}`, {
      token: owner.token,
    });
    expect([approve.status, approve.json()]).toEqual([200, { approved: true }]);
    expect(await seenBy(reader, owner, game.igdbId)).toEqual({
      profile: 200,
      year: 200,
      feed: [owner.username],
      circle: 1,
      feedEntries: 1,
    });
    expect(await requestsOf(owner)).toEqual([]);
    expect((await followersOf(owner)) as { username: string }[]).toMatchObject([
      { username: reader.username },
    ]);
    expect(await exportedFollows(reader)).toMatchObject({
      following: [owner.username],
      followRequests: { sent: [] },
    });
    // Approving again finds no request.
    expect(
      (await call(api, 'PUT', `/api/user/follow-requests/${reader.username}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('a refused request leaves the reader a stranger, who may ask again', async () => {
    const { game, owner, reader } = await privateOwnerAndReader();
    await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token });
    const refuse = await call(api, 'DELETE', `/api/user/follow-requests/${reader.username}`, {
      token: owner.token,
    });
    expect(refuse.status).toBe(204);
    expect(await requestsOf(owner)).toEqual([]);
    expect(await seenBy(reader, owner, game.igdbId)).toEqual(stranger);
    const again = await call(api, 'DELETE', `/api/user/follow-requests/${reader.username}`, {
      token: owner.token,
    });
    expect([again.status, (again.json() as { message: string }).message]).toEqual([
      404,
      'No hay ninguna solicitud de seguimiento de ese usuario',
    ]);
    expect(
      (await call(api, 'PUT', `/api/user/follow-requests/${reader.username}`, { token: owner.token })).status,
    ).toBe(404);
    expect(
      (await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token })).json(),
    ).toEqual({ following: false, requested: true });
  });

  it('a removed follower sees nothing more; followers from when the profile was public stay', async () => {
    const game = await createGame(db);
    const owner = await userWithToken(api, db);
    const [early, late] = [await userWithToken(api, db), await userWithToken(api, db)];
    await rate(db, owner.id, game.id, 64);
    // Following a public profile needs no approval.
    const follow = await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: early.token });
    expect(follow.json()).toEqual({ following: true, requested: false });
    await call(api, 'PUT', '/api/user/privacy', { token: owner.token, body: { profile: 'followers' } });
    expect((await seenBy(early, owner, game.igdbId)).profile).toBe(200);
    await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: late.token });
    await call(api, 'PUT', `/api/user/follow-requests/${late.username}`, { token: owner.token });
    expect(((await followersOf(owner)) as { username: string }[]).map((item) => item.username)).toEqual([
      early.username,
      late.username,
    ]);

    expect(
      (await call(api, 'DELETE', `/api/user/followers/${late.username}`, { token: owner.token })).status,
    ).toBe(204);
    expect(await seenBy(late, owner, game.igdbId)).toEqual(stranger);
    expect(((await followersOf(owner)) as { username: string }[]).map((item) => item.username)).toEqual([
      early.username,
    ]);
    expect(
      (await call(api, 'DELETE', `/api/user/followers/${late.username}`, { token: owner.token })).status,
    ).toBe(404);
    expect((await seenBy(early, owner, game.igdbId)).feed).toEqual([owner.username]);
  });

  it('a profile made public turns its waiting requests into follows', async () => {
    const { game, owner, reader } = await privateOwnerAndReader();
    await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token });
    await call(api, 'PUT', '/api/user/privacy', { token: owner.token, body: { profile: 'public' } });
    expect(await requestsOf(owner)).toEqual([]);
    expect((await seenBy(reader, owner, game.igdbId)).feedEntries).toBe(1);
    // A private profile takes no request, as if it did not exist.
    await call(api, 'PUT', '/api/user/privacy', { token: owner.token, body: { profile: 'private' } });
    const other = await userWithToken(api, db);
    expect(
      (await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: other.token })).status,
    ).toBe(404);
  });
});
