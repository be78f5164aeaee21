import 'reflect-metadata';
import type pg from 'pg';
import { call, userWithToken } from '../support/accounts.js';
import { startApiAndPool, stopApiAndDatabase } from '../support/api-and-database.js';
import type { TestApi } from '../support/api-app.js';
import { createGame, rate } from '../support/factories.js';

const UNKNOWN_GAME = 2_100_000_000;

/** A day `daysAgo` before the run's date, as yyyy-MM-dd. */
const dayBefore = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('diary: statuses, sessions, profiles, privacy, follows and the feed', () => {
  let api: TestApi;
  let db: pg.Pool;

  beforeAll(async () => ({ api, db } = await startApiAndPool()), 90_000);
  afterAll(() => stopApiAndDatabase(api, db), 30_000);

  it('sets, reads, changes and removes a status; hours are the stated ones or the sum of the sessions', async () => {
    const game = await createGame(db);
    const player = await userWithToken(api, db);
    const path = `/api/user/games/${game.igdbId}`;
    const token = player.token;

    expect((await call(api, 'GET', `${path}/status`, { token })).status).toBe(204);
    const set = await call(api, 'PUT', `${path}/status`, {
      token,
      body: { status: 'playing', platform: 'PC', startedAt: dayBefore(10) },
    });
    expect(set.status).toBe(200);
    expect(set.json()).toMatchObject({
      igdbID: game.igdbId,
      title: game.title,
      status: 'playing',
      platform: 'PC',
      startedAt: dayBefore(10),
      finishedAt: null,
      hours: 0,
    });

    const first = await call(api, 'POST', `${path}/sessions`, {
      token,
      body: { date: dayBefore(3), minutes: 90, platform: 'PC', note: 'Primera noche' },
    });
    expect(first.status).toBe(201);
    expect(first.json()).toMatchObject({
      date: dayBefore(3),
      minutes: 90,
      hours: 1.5,
      note: 'Primera noche',
    });
    await call(api, 'POST', `${path}/sessions`, { token, body: { date: dayBefore(1), minutes: 45 } });

    const sessions = (await call(api, 'GET', `${path}/sessions`, { token })).json() as { date: string }[];
    expect(sessions.map((session) => session.date)).toEqual([dayBefore(1), dayBefore(3)]);
    expect((await call(api, 'GET', `${path}/status`, { token })).json()).toMatchObject({
      hours: 2.25,
      sessionHours: 2.25,
    });

    // Stated hours win over the sessions; the status change keeps the sessions.
    await call(api, 'PUT', `${path}/status`, {
      token,
      body: { status: 'completed', finishedAt: dayBefore(0), hours: 12.5 },
    });
    expect((await call(api, 'GET', `${path}/status`, { token })).json()).toMatchObject({
      status: 'completed',
      hours: 12.5,
      sessionHours: 2.25,
      platform: null,
    });

    const mine = (await call(api, 'GET', '/api/user/games?status=completed', { token })).json() as {
      igdbID: number;
    }[];
    expect(mine.map((row) => row.igdbID)).toEqual([game.igdbId]);
    expect((await call(api, 'GET', '/api/user/games?status=want', { token })).json()).toEqual([]);

    const removedSession = await call(
      api,
      'DELETE',
      `${path}/sessions/${(first.json() as { id: number }).id}`,
      {
        token,
      },
    );
    expect(removedSession.status).toBe(204);
    expect((await call(api, 'GET', `${path}/sessions`, { token })).json()).toHaveLength(1);

    expect((await call(api, 'DELETE', `${path}/status`, { token })).status).toBe(204);
    expect((await call(api, 'GET', `${path}/status`, { token })).status).toBe(204);
    expect((await call(api, 'GET', `${path}/sessions`, { token })).json()).toHaveLength(1);
  });

  it('filters by platform, and refuses bad input with Spanish messages and no 500', async () => {
    const [pcGame, switchGame] = [await createGame(db), await createGame(db)];
    const { token } = await userWithToken(api, db);
    await call(api, 'PUT', `/api/user/games/${pcGame.igdbId}/status`, {
      token,
      body: { status: 'want', platform: 'PC' },
    });
    await call(api, 'PUT', `/api/user/games/${switchGame.igdbId}/status`, {
      token,
      body: { status: 'shelved', platform: 'Nintendo Switch' },
    });
    const onSwitch = (
      await call(api, 'GET', '/api/user/games?platform=nintendo%20switch', { token })
    ).json() as {
      igdbID: number;
    }[];
    expect(onSwitch.map((row) => row.igdbID)).toEqual([switchGame.igdbId]);

    const bad: [string, string, object][] = [
      ['PUT', `/api/user/games/${pcGame.igdbId}/status`, { status: 'jugado' }],
      ['PUT', `/api/user/games/${pcGame.igdbId}/status`, { status: 'want', startedAt: '2026-02-30' }],
      ['PUT', `/api/user/games/${pcGame.igdbId}/status`, { status: 'want', hours: -1 }],
      ['POST', `/api/user/games/${pcGame.igdbId}/sessions`, { date: dayBefore(1), minutes: 0 }],
      ['POST', `/api/user/games/${pcGame.igdbId}/sessions`, { date: dayBefore(1), minutes: 12.5 }],
      ['POST', `/api/user/games/${pcGame.igdbId}/sessions`, { date: 'ayer', minutes: 30 }],
    ];
    for (const [method, path, body] of bad) {
      const answer = await call(api, method, path, { token, body });
      expect([answer.status, method, path]).toEqual([400, method, path]);
      expect(answer.text).toMatch(/debe|deben/);
    }
    const missing = await call(api, 'PUT', `/api/user/games/${UNKNOWN_GAME}/status`, {
      token,
      body: { status: 'want' },
    });
    expect([missing.status, (missing.json() as { message: string }).message]).toEqual([
      404,
      'Juego no encontrado',
    ]);
    expect(
      (await call(api, 'DELETE', `/api/user/games/${pcGame.igdbId}/sessions/99999999`, { token })).status,
    ).toBe(404);
    expect((await call(api, 'GET', '/api/user/games')).status).toBe(401);
  });

  it('answers the public profile with counts, hours, histogram, recent and lists; 404 when not visible', async () => {
    const [first, second] = [await createGame(db), await createGame(db)];
    const owner = await userWithToken(api, db);
    const reader = await userWithToken(api, db);
    await call(api, 'PUT', `/api/user/games/${first.igdbId}/status`, {
      token: owner.token,
      body: { status: 'completed', hours: 10 },
    });
    await call(api, 'PUT', `/api/user/games/${second.igdbId}/status`, {
      token: owner.token,
      body: { status: 'playing' },
    });
    await call(api, 'POST', `/api/user/games/${second.igdbId}/sessions`, {
      token: owner.token,
      body: { date: dayBefore(2), minutes: 30 },
    });
    await rate(db, owner.id, first.id, 85);
    await rate(db, owner.id, second.id, 42);
    const { rows: lists } = await db.query(
      `insert into game_lists (user_id, name, name_key) values ($1, 'Favoritos de siempre', 'favoritos de siempre'),
         ($1, 'Vacía', 'vacía') returning id`,
      [owner.id],
    );
    await db.query(
      `insert into game_list_entries (list_id, game_id, added_at) values ($1, $2, now() - interval '1 day'), ($1, $3, now())`,
      [lists[0].id, second.id, first.id],
    );

    const profile = await call(api, 'GET', `/api/users/${owner.username.toUpperCase()}`);
    expect(profile.status).toBe(200);
    const body = profile.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      username: owner.username,
      counts: { want: 0, playing: 1, completed: 1, abandoned: 0, shelved: 0, ratings: 2, reviews: 0 },
      hours: 10.5,
      scoreHistogram: [0, 0, 0, 0, 1, 0, 0, 0, 1, 0],
      // Only lists that hold games, their games oldest entry first.
      lists: [
        {
          name: 'Favoritos de siempre',
          count: 2,
          games: [
            { igdbID: second.igdbId, title: second.title },
            { igdbID: first.igdbId, title: first.title },
          ],
        },
      ],
    });
    expect((body.recent as { igdbID: number }[]).map((item) => item.igdbID).sort()).toEqual(
      [first.igdbId, second.igdbId].sort(),
    );

    const page = await fetch(`${api.baseUrl}/u/${owner.username}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<title>Perfil de ${owner.username} | Veredicto</title>`);
    const inSitemap = async () =>
      (await (await fetch(`${api.baseUrl}/sitemaps/profiles.xml`)).text()).includes(`/u/${owner.username}<`);
    expect(await inSitemap()).toBe(true);

    const privacy = (profile: string) =>
      call(api, 'PUT', '/api/user/privacy', { token: owner.token, body: { profile } });
    expect((await privacy('followers')).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/u/${owner.username}`)).status).toBe(404);
    expect(await inSitemap()).toBe(false);
    expect((await call(api, 'GET', `/api/users/${owner.username}`)).status).toBe(404);
    expect((await call(api, 'GET', `/api/users/${owner.username}`, { token: reader.token })).status).toBe(
      404,
    );
    // Following a profile for followers asks its owner; it stays hidden until the owner approves.
    const request = await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token });
    expect([request.status, request.json()]).toEqual([200, { following: false, requested: true }]);
    expect((await call(api, 'GET', `/api/users/${owner.username}`, { token: reader.token })).status).toBe(
      404,
    );
    expect(
      (await call(api, 'PUT', `/api/user/follow-requests/${reader.username}`, { token: owner.token })).status,
    ).toBe(200);
    expect((await call(api, 'GET', `/api/users/${owner.username}`, { token: reader.token })).status).toBe(
      200,
    );

    expect((await privacy('private')).status).toBe(200);
    expect((await call(api, 'GET', `/api/users/${owner.username}`, { token: reader.token })).status).toBe(
      404,
    );
    expect((await call(api, 'GET', `/api/users/${owner.username}`, { token: owner.token })).status).toBe(200);
    expect((await privacy('todos')).status).toBe(400);
    expect((await call(api, 'GET', '/api/users/nadie-se-llama-asi')).status).toBe(404);
    expect((await call(api, 'GET', `/api/users/${'x'.repeat(300)}`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/u/%00`)).status).toBe(404);
    expect((await call(api, 'GET', '/api/users/%00')).status).toBe(400);
  });

  it('feeds followed users’ ratings, reviews and status changes newest first, paged; private leaves it', async () => {
    const reader = await userWithToken(api, db);
    const [alice, bruno, stranger] = [
      await userWithToken(api, db),
      await userWithToken(api, db),
      await userWithToken(api, db),
    ];
    const games = await Promise.all(Array.from({ length: 12 }, () => createGame(db)));
    for (const followed of [alice, bruno]) {
      expect(
        (await call(api, 'PUT', `/api/users/${followed.username}/follow`, { token: reader.token })).status,
      ).toBe(200);
    }
    expect(
      (await call(api, 'PUT', `/api/users/${reader.username}/follow`, { token: reader.token })).status,
    ).toBe(400);

    // 24 events in a known order: alternately a rating by Alice and a status by Bruno, one a millisecond later.
    const expected: string[] = [];
    for (const [index, game] of games.entries()) {
      await db.query(
        `insert into ratings (user_id, game_id, score, created_at, updated_at)
         values ($1, $2, $3, now() - make_interval(secs => $4), now() - make_interval(secs => $4))`,
        [alice.id, game.id, 50 + index, 100 - index * 2],
      );
      await db.query(
        `insert into game_statuses (user_id, game_id, status, status_changed_at)
         values ($1, $2, 'playing', now() - make_interval(secs => $3))`,
        [bruno.id, game.id, 99 - index * 2],
      );
      expected.unshift(`status:${bruno.username}:${game.igdbId}`, `rating:${alice.username}:${game.igdbId}`);
    }
    await rate(db, stranger.id, games[0].id, 10);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await call(api, 'GET', `/api/user/feed${cursor ? `?cursor=${cursor}` : ''}`, {
        token: reader.token,
      });
      expect(answer.status).toBe(200);
      const page = answer.json() as {
        content: { kind: string; username: string; igdbID: number }[];
        next: string | null;
      };
      seen.push(...page.content.map((item) => `${item.kind}:${item.username}:${item.igdbID}`));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toEqual(expected);

    const first = (await call(api, 'GET', '/api/user/feed', { token: reader.token })).json() as {
      content: Record<string, unknown>[];
    };
    expect(first.content[0]).toMatchObject({ kind: 'status', status: 'playing', username: bruno.username });
    expect(first.content[1]).toMatchObject({ kind: 'rating', score: 61, username: alice.username });

    await call(api, 'PUT', '/api/user/privacy', { token: alice.token, body: { profile: 'private' } });
    const without = (await call(api, 'GET', '/api/user/feed', { token: reader.token })).json() as {
      content: { username: string }[];
    };
    expect(without.content.length).toBe(12);
    expect(without.content.every((item) => item.username === bruno.username)).toBe(true);

    expect((await call(api, 'GET', '/api/user/feed?cursor=nada', { token: reader.token })).status).toBe(400);
  });

  it('takes a review hidden by moderation out of the followers’ feeds and the profile, keeping its rating', async () => {
    const reader = await userWithToken(api, db);
    const author = await userWithToken(api, db);
    const [game, other] = [await createGame(db), await createGame(db)];
    expect(
      (await call(api, 'PUT', `/api/users/${author.username}/follow`, { token: reader.token })).status,
    ).toBe(200);
    // A rating with its review, then a newer rating: the hidden review must not hold the feed's place either.
    await db.query(
      `insert into ratings (user_id, game_id, score, created_at, updated_at)
       values ($1, $2, 73, now() - interval '2 minutes', now() - interval '2 minutes')`,
      [author.id, game.id],
    );
    const review = await db.query<{ id: number }>(
      `insert into user_reviews (user_id, game_id, content, created_at, updated_at)
       values ($1, $2, 'Una reseña que se denunciará', now() - interval '2 minutes', now() - interval '2 minutes')
       returning id`,
      [author.id, game.id],
    );
    await db.query(
      `insert into ratings (user_id, game_id, score, created_at, updated_at)
       values ($1, $2, 40, now() - interval '1 minute', now() - interval '1 minute')`,
      [author.id, other.id],
    );
    const feed = async () =>
      (
        (await call(api, 'GET', '/api/user/feed', { token: reader.token })).json() as {
          content: { kind: string; igdbID: number }[];
        }
      ).content.map((item) => `${item.kind}:${item.igdbID}`);
    const profile = async () =>
      (await call(api, 'GET', `/api/users/${author.username}`)).json() as {
        counts: { reviews: number; ratings: number };
        recent: { kind: string; igdbID: number; review: string | null }[];
      };

    expect(await feed()).toEqual([
      `rating:${other.igdbId}`,
      `review:${game.igdbId}`,
      `rating:${game.igdbId}`,
    ]);
    const before = await profile();
    expect(before.counts).toMatchObject({ ratings: 2, reviews: 1 });
    expect(before.recent.find((item) => item.igdbID === game.igdbId)).toMatchObject({
      kind: 'review',
      review: 'Una reseña que se denunciará',
    });

    // What a moderator's decision to hide it writes (UserReviewRepository.hide).
    await db.query('update user_reviews set hidden_at = now() where id = $1', [review.rows[0].id]);
    expect(await feed()).toEqual([`rating:${other.igdbId}`, `rating:${game.igdbId}`]);
    const after = await profile();
    expect(after.counts).toMatchObject({ ratings: 2, reviews: 0 });
    expect(after.recent.find((item) => item.igdbID === game.igdbId)).toMatchObject({
      kind: 'rating',
      review: null,
    });
  });

  it("answers 'Tu año' from the rows of that year, with its PNG for link previews, and keeps it private", async () => {
    // Last year, so that every date of it is in the past whatever the run's date; this year holds the rest.
    const thisYear = new Date().getUTCFullYear();
    const year = thisYear - 1;
    const [early, late, playing, recent] = [
      await createGame(db),
      await createGame(db),
      await createGame(db),
      await createGame(db),
    ];
    const owner = await userWithToken(api, db);
    const reader = await userWithToken(api, db);
    const token = owner.token;
    const put = (game: { igdbId: number }, body: object) =>
      call(api, 'PUT', `/api/user/games/${game.igdbId}/status`, { token, body });
    const session = (game: { igdbId: number }, body: object) =>
      call(api, 'POST', `/api/user/games/${game.igdbId}/sessions`, { token, body });
    expect(
      (await put(early, { status: 'completed', platform: 'PC', finishedAt: `${year}-03-10`, hours: 20 }))
        .status,
    ).toBe(200);
    await session(early, { date: `${year}-03-01`, minutes: 600, platform: 'PC' });
    await put(late, { status: 'completed', platform: 'Switch', finishedAt: `${year}-11-02` });
    await session(late, { date: `${year}-10-30`, minutes: 90 });
    await session(late, { date: `${year}-11-01`, minutes: 90, platform: 'Switch' });
    await session(late, { date: `${thisYear}-01-01`, minutes: 60 });
    await put(playing, { status: 'playing' });
    await session(playing, { date: `${year}-06-15`, minutes: 60, platform: 'pc' });
    await put(recent, { status: 'completed', finishedAt: `${thisYear}-01-01`, hours: 5 });
    const rateOn = (game: { id: number }, score: number, at: string) =>
      db.query(
        `insert into ratings (user_id, game_id, score, created_at, updated_at) values ($1, $2, $3, $4, $4)`,
        [owner.id, game.id, score, at],
      );
    await rateOn(early, 90, `${year}-03-11T12:00:00Z`);
    await rateOn(playing, 95, `${year}-07-01T12:00:00Z`);
    await rateOn(late, 70, `${thisYear}-01-01T12:00:00Z`);
    await rateOn(recent, 99, `${thisYear}-01-01T12:00:00Z`);

    const answer = await call(api, 'GET', `/api/users/${owner.username}/year/${year}`);
    expect(answer.status).toBe(200);
    const body = answer.json() as {
      completed: { igdbID: number; hours: number }[];
      hours: number;
      bestRated: { igdbID: number; score: number }[];
      platforms: unknown[];
      image: string;
    };
    // Completed that year, the latest first, each with all its hours (the stated ones win over sessions).
    expect(body.completed.map((game) => [game.igdbID, game.hours])).toEqual([
      [late.igdbId, 4],
      [early.igdbId, 20],
    ]);
    // 20 stated + 3 h of the year's sessions of 'late' + 1 h of 'playing' (the stated game's sessions do not add).
    expect(body.hours).toBe(24);
    expect(body.bestRated).toEqual([
      { igdbID: playing.igdbId, title: playing.title, slug: expect.any(String), score: 95 },
      { igdbID: early.igdbId, title: early.title, slug: expect.any(String), score: 90 },
      { igdbID: late.igdbId, title: late.title, slug: expect.any(String), score: 70 },
    ]);
    expect(body.platforms).toEqual([
      { platform: 'PC', games: 2, hours: 21 },
      { platform: 'Switch', games: 1, hours: 3 },
    ]);
    // The years add up to the profile's total.
    const current = (await call(api, 'GET', `/api/users/${owner.username}/year/${thisYear}`)).json() as {
      hours: number;
      completed: { igdbID: number }[];
    };
    expect(current.completed.map((game) => game.igdbID)).toEqual([recent.igdbId]);
    const profile = (await call(api, 'GET', `/api/users/${owner.username}`)).json() as { hours: number };
    expect([current.hours, body.hours + current.hours]).toEqual([6, profile.hours]);

    // The page's head names the picture, and the picture is a 1200×630 PNG drawn for this user and year.
    const imagePath = `/api/users/${owner.username}/year/${year}/image.png`;
    expect(body.image).toBe(`${api.config.PUBLIC_URL}${imagePath}`);
    const page = await fetch(`${api.baseUrl}/u/${owner.username}/${year}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>El ${year} de ${owner.username} | Veredicto</title>`);
    expect(html).toContain(`<meta property="og:image" content="${api.config.PUBLIC_URL}${imagePath}">`);
    const image = await fetch(`${api.baseUrl}${imagePath}`);
    expect([image.status, image.headers.get('content-type'), image.headers.get('cache-control')]).toEqual([
      200,
      'image/png',
      'private, no-cache',
    ]);
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const etag = image.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await fetch(`${api.baseUrl}${imagePath}`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    // Another year draws another picture.
    const other = await fetch(`${api.baseUrl}/api/users/${owner.username}/year/${thisYear}/image.png`);
    expect([other.status, other.headers.get('etag') === etag]).toEqual([200, false]);

    // Bad years are refused in Spanish; the page of one is not found.
    for (const bad of ['1969', String(thisYear + 2), 'abcd']) {
      const refused = await call(api, 'GET', `/api/users/${owner.username}/year/${bad}`);
      expect([refused.status, (refused.json() as { message: string }).message]).toEqual([
        400,
        `El año debe estar entre 1970 y ${thisYear}`,
      ]);
    }
    expect((await fetch(`${api.baseUrl}/u/${owner.username}/${thisYear + 2}`)).status).toBe(404);

    // Where the profile is not visible, neither is its year nor its picture.
    await call(api, 'PUT', '/api/user/privacy', { token, body: { profile: 'followers' } });
    expect((await call(api, 'GET', `/api/users/${owner.username}/year/${year}`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}${imagePath}`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}${imagePath}`, { headers: { 'if-none-match': etag } })).status).toBe(
      404,
    );
    expect((await fetch(`${api.baseUrl}/u/${owner.username}/${year}`)).status).toBe(404);
    await call(api, 'PUT', `/api/users/${owner.username}/follow`, { token: reader.token });
    expect(
      (await call(api, 'GET', `/api/users/${owner.username}/year/${year}`, { token: reader.token })).status,
    ).toBe(404);
    await call(api, 'PUT', `/api/user/follow-requests/${reader.username}`, { token });
    const asFollower = await call(api, 'GET', `/api/users/${owner.username}/year/${year}`, {
      token: reader.token,
    });
    expect([asFollower.status, (asFollower.json() as { image: unknown }).image]).toEqual([200, null]);
    await call(api, 'PUT', '/api/user/privacy', { token, body: { profile: 'private' } });
    expect(
      (await call(api, 'GET', `/api/users/${owner.username}/year/${year}`, { token: reader.token })).status,
    ).toBe(404);
    expect((await call(api, 'GET', `/api/users/${owner.username}/year/${year}`, { token })).status).toBe(200);
  });

  it("shows 'Tu círculo' from three followed raters", async () => {
    const game = await createGame(db);
    const reader = await userWithToken(api, db);
    const raters = [await userWithToken(api, db), await userWithToken(api, db), await userWithToken(api, db)];
    for (const rater of raters)
      await call(api, 'PUT', `/api/users/${rater.username}/follow`, { token: reader.token });
    await rate(db, raters[0].id, game.id, 80);
    await rate(db, raters[1].id, game.id, 70);
    const circle = () => call(api, 'GET', `/api/user/circle/${game.igdbId}`, { token: reader.token });
    expect((await circle()).json()).toEqual({ average: null, count: 2 });
    await rate(db, raters[2].id, game.id, 61);
    expect((await circle()).json()).toEqual({ average: 70, count: 3 });
  });

  it('deleting the account removes its statuses, sessions, ratings, follows and its profile and year', async () => {
    const game = await createGame(db);
    const player = await userWithToken(api, db);
    const other = await userWithToken(api, db);
    await rate(db, player.id, game.id, 77);
    await call(api, 'PUT', `/api/user/games/${game.igdbId}/status`, {
      token: player.token,
      body: { status: 'want' },
    });
    await call(api, 'POST', `/api/user/games/${game.igdbId}/sessions`, {
      token: player.token,
      body: { date: dayBefore(1), minutes: 30 },
    });
    await call(api, 'PUT', `/api/users/${other.username}/follow`, { token: player.token });
    await call(api, 'PUT', `/api/users/${player.username}/follow`, { token: other.token });
    expect((await call(api, 'DELETE', '/api/user/delete-account', { token: player.token })).status).toBe(200);
    const { rows } = await db.query(
      `select (select count(*) from game_statuses where user_id = $1)::int as statuses,
              (select count(*) from play_sessions where user_id = $1)::int as sessions,
              (select count(*) from ratings where user_id = $1)::int as ratings,
              (select count(*) from user_follows where follower_id = $1 or followed_id = $1)::int as follows`,
      [player.id],
    );
    expect(rows[0]).toEqual({ statuses: 0, sessions: 0, ratings: 0, follows: 0 });
    const thisYear = new Date().getUTCFullYear();
    for (const path of [`/api/users/${player.username}`, `/api/users/${player.username}/year/${thisYear}`])
      expect((await call(api, 'GET', path, { token: other.token })).status).toBe(404);
    const feed = (await call(api, 'GET', '/api/user/feed', { token: other.token })).json() as {
      content: unknown[];
    };
    expect(feed.content).toEqual([]);
  });
});
