import 'reflect-metadata';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PLAY_STATUSES, PROFILE_VISIBILITIES } from '@veredicto/contract';
import { ActivityRepository, openDatabase, type ActivityCursor, type ActivityKind } from '@veredicto/db';
import { createGame, createUser } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

/** Rows of each source the prolific user writes in one statement: pages of every size cross many of them. */
const MANY = 14;

/**
 * The feed read from `feed_entries` (written by triggers as the followed users act) against the plain
 * definition: every rating, review (not hidden by moderation) and status change of the followed users whose
 * profile is not private, ordered by (moment, kind, id) newest first, paged by cursor. Random users and
 * events on few moments (many ties, across kinds too; one prolific user), then random writes: new, moved
 * (forwards and back in time, to another user), deleted, reviews hidden and shown again, privacy changes,
 * follows made and undone, an account deleted; after each round every page of the feed must be the
 * reference's, and the entries of every reader the recomputation's.
 */
describe('feed: the entries written by triggers give the same pages as the plain query', () => {
  let db: pg.Pool;
  let orm: MikroORM;

  beforeAll(async () => {
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 4 });
    orm = (await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 })) as MikroORM;
  });

  afterAll(async () => {
    await orm?.close(true);
    await db?.end();
  });

  /** A small deterministic generator (mulberry32), so a failing seed can be run again. */
  const generator = (seed: number) => {
    let state = seed >>> 0;
    const next = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    return {
      next,
      int: (n: number) => Math.floor(next() * n),
      pick: <T>(items: T[]) => items[Math.floor(next() * items.length)],
    };
  };

  const RANK: Record<ActivityKind, number> = { status: 1, rating: 2, review: 3 };

  /** Every activity of the users `reader` follows and may see, in the feed's order. */
  async function reference(readerId: number) {
    const { rows } = await db.query<{
      kind: ActivityKind;
      source_id: number;
      username: string;
      igdb_id: number;
      title: string;
      score: number | null;
      status: string | null;
      micros: string;
    }>(
      `select a.kind, a.source_id, u.username, g.igdb_id, g.title, a.score, a.status,
              ((extract(epoch from a.at) * 1000000)::bigint)::text as micros
       from (
         select 'rating' as kind, r.id as source_id, r.user_id, r.game_id, r.score, null::varchar as status, r.updated_at as at
         from ratings r
         union all
         select 'review', w.id, w.user_id, w.game_id, (select score from ratings x where x.user_id = w.user_id and x.game_id = w.game_id), null, w.created_at
         from user_reviews w where w.hidden_at is null
         union all
         select 'status', s.id, s.user_id, s.game_id, null, s.status, s.status_changed_at
         from game_statuses s
       ) a
       join user_follows f on f.followed_id = a.user_id and f.follower_id = $1
       join users u on u.id = a.user_id and u.profile_visibility <> 'private'
       join games g on g.id = a.game_id`,
      [readerId],
    );
    return rows
      .map((row) => ({
        ...row,
        source_id: Number(row.source_id),
        score: row.score === null ? null : Number(row.score),
      }))
      .sort((a, b) => {
        const moment = BigInt(b.micros) - BigInt(a.micros);
        if (moment !== 0n) return moment > 0n ? 1 : -1;
        return RANK[b.kind] - RANK[a.kind] || b.source_id - a.source_id;
      });
  }

  /** Every page of the feed, `limit` rows each, following the cursors. */
  async function allPages(readerId: number, limit: number) {
    const pages: Awaited<ReturnType<typeof reference>>[] = [];
    let cursor: ActivityCursor | null = null;
    for (let guard = 0; guard < 1000; guard++) {
      const rows = await new ActivityRepository(orm.em.fork()).feedPage(readerId, cursor, limit);
      pages.push(
        rows.map((row) => ({
          kind: row.kind,
          source_id: row.sourceId,
          username: row.username,
          igdb_id: row.igdbId,
          title: row.title,
          score: row.score,
          status: row.status,
          micros: row.micros,
        })),
      );
      if (rows.length < limit) return pages;
      const last = rows[rows.length - 1];
      cursor = { micros: last.micros, kind: last.kind, sourceId: last.sourceId };
    }
    throw new Error('the feed never ended');
  }

  /** The lines `feed_entries` must hold for the readers of $1, by the plain definition. */
  const EXPECTED_ENTRIES = `
    select f.follower_id as reader_id, a.at as moment, a.kind, a.id as source_id, a.user_id as author_id, a.game_id
    from (
      select 2::smallint as kind, id, user_id, game_id, updated_at as at from ratings
      union all select 3::smallint, id, user_id, game_id, created_at from user_reviews where hidden_at is null
      union all select 1::smallint, id, user_id, game_id, status_changed_at from game_statuses
    ) a
    join users u on u.id = a.user_id and u.profile_visibility <> 'private'
    join user_follows f on f.followed_id = a.user_id and f.follower_id = any($1)`;

  /** `feed_entries` holds exactly the plain definition's lines for every reader of `readerIds`. */
  async function expectEntriesExact(readerIds: number[]) {
    const stored = `select reader_id, moment, kind, source_id, author_id, game_id from feed_entries where reader_id = any($1)`;
    const { rows } = await db.query<{ expected: number; extra: number; missing: number }>(
      `select (select count(*) from (${EXPECTED_ENTRIES}) e)::int as expected,
              (select count(*) from ((${stored}) except all (${EXPECTED_ENTRIES})) x)::int as extra,
              (select count(*) from ((${EXPECTED_ENTRIES}) except all (${stored})) x)::int as missing`,
      [readerIds],
    );
    expect(rows[0]).toEqual({ expected: rows[0].expected, extra: 0, missing: 0 });
    return rows[0].expected;
  }

  for (const seed of [11, 2024, 777_001]) {
    it(`gives every page of the reference, through writes, deletes, privacy changes and ties (seed ${seed})`, async () => {
      const random = generator(seed);
      // Moments on a grid of minutes in the last month (of the run's date): many rows share one.
      const base = Date.now() - 30 * 86_400_000;
      const moment = () =>
        new Date(base + random.int(25) * 60_000 + (random.next() < 0.2 ? 1 : 0)).toISOString();
      const games = await Promise.all(Array.from({ length: MANY + 12 }, () => createGame(db)));
      const reader = await createUser(db);
      const users = await Promise.all(Array.from({ length: 9 }, () => createUser(db)));
      // Seven followed, two not (their activity must never show).
      for (const user of users.slice(0, 7))
        await db.query('insert into user_follows (follower_id, followed_id) values ($1, $2)', [
          reader.id,
          user.id,
        ]);
      // The followed users follow some of each other: their feeds are checked too.
      for (const [follower, followed] of [
        [1, 0],
        [2, 0],
        [2, 3],
        [3, 4],
      ])
        await db.query('insert into user_follows (follower_id, followed_id) values ($1, $2)', [
          users[follower].id,
          users[followed].id,
        ]);
      const alive = new Set(users.map((user) => user.id));

      const write = async () => {
        // The first user writes a third of the time: many rows of each source.
        const userId = alive.has(users[0].id) && random.next() < 0.33 ? users[0].id : random.pick([...alive]);
        const gameId = random.pick(games).id;
        const at = moment();
        switch (random.int(14)) {
          case 0:
          case 1:
            await db.query(
              `insert into ratings (user_id, game_id, score, created_at, updated_at) values ($1, $2, $3, $4, $4)
               on conflict (user_id, game_id) do update set score = excluded.score, updated_at = excluded.updated_at`,
              [userId, gameId, random.int(101), at],
            );
            break;
          case 2:
            await db.query(
              `insert into user_reviews (user_id, game_id, content, created_at) values ($1, $2, 'Bien', $3)
               on conflict (user_id, game_id) do update set created_at = excluded.created_at`,
              [userId, gameId, at],
            );
            break;
          case 3:
          case 4:
            await db.query(
              `insert into game_statuses (user_id, game_id, status, status_changed_at) values ($1, $2, $3, $4)
               on conflict (user_id, game_id) do update set status = excluded.status, status_changed_at = excluded.status_changed_at`,
              [userId, gameId, random.pick([...PLAY_STATUSES]), at],
            );
            break;
          case 5: {
            // The user's newest row of a source goes, or another one.
            const table = random.pick(['ratings', 'user_reviews', 'game_statuses']);
            const column = {
              ratings: 'updated_at',
              user_reviews: 'created_at',
              game_statuses: 'status_changed_at',
            }[table];
            const newest = random.next() < 0.6;
            await db.query(
              `delete from ${table} where id = (select id from ${table} where user_id = $1 order by ${newest ? `${column} desc` : 'random()'} limit 1)`,
              [userId],
            );
            break;
          }
          case 6:
            // Moved back (or forth) in time.
            await db.query(
              `update ratings set updated_at = $2 where id = (select id from ratings where user_id = $1 order by updated_at desc limit 1)`,
              [userId, at],
            );
            break;
          case 7:
            await db.query(
              `update game_statuses set status_changed_at = $2 where id = (select id from game_statuses where user_id = $1 order by random() limit 1)`,
              [userId, at],
            );
            break;
          case 8: {
            // A rating handed to another user (for a game that one has not rated).
            const other = random.pick([...alive]);
            await db.query(
              `update ratings set user_id = $2 where id = (
                 select id from ratings r where r.user_id = $1
                 and not exists (select 1 from ratings o where o.user_id = $2 and o.game_id = r.game_id)
                 order by updated_at desc limit 1)`,
              [userId, other],
            );
            break;
          }
          case 9:
            await db.query('update users set profile_visibility = $2 where id = $1', [
              userId,
              random.pick([...PROFILE_VISIBILITIES]),
            ]);
            break;
          case 10:
            // Hidden by moderation (or shown again): out of the feed while hidden.
            await db.query(
              `update user_reviews set hidden_at = case when hidden_at is null then now() end
               where id = (select id from user_reviews where user_id = $1 order by random() limit 1)`,
              [userId],
            );
            break;
          case 11:
          case 12: {
            // A follow made or undone: between the followed users, or the reader and the two it does not follow.
            const follower = random.next() < 0.3 ? reader.id : userId;
            const followed =
              follower === reader.id ? random.pick(users.slice(7)).id : random.pick([...alive]);
            if (followed === follower || !alive.has(followed)) break;
            const undone = await db.query(
              'delete from user_follows where follower_id = $1 and followed_id = $2',
              [follower, followed],
            );
            if (!undone.rowCount)
              await db.query('insert into user_follows (follower_id, followed_id) values ($1, $2)', [
                follower,
                followed,
              ]);
            break;
          }
          default:
            // Several rows of one statement.
            await db.query(`delete from game_statuses where user_id = $1 and status_changed_at >= $2`, [
              userId,
              at,
            ]);
        }
      };

      // The first user rates and sets statuses of many games, each source in one statement.
      const many = games.slice(0, MANY);
      await db.query(
        `insert into ratings (user_id, game_id, score, created_at, updated_at)
         select $1, game_id, 50, at, at from unnest($2::int[], $3::timestamptz[]) as t(game_id, at)`,
        [users[0].id, many.map((game) => game.id), many.map(() => moment())],
      );
      await db.query(
        `insert into game_statuses (user_id, game_id, status, status_changed_at)
         select $1, game_id, 'playing', at from unnest($2::int[], $3::timestamptz[]) as t(game_id, at)`,
        [users[0].id, many.map((game) => game.id), many.map(() => moment())],
      );
      let entries = 0;
      /** feed_entries against a recomputation, and every page of every size against the reference. */
      const checkPages = async () => {
        entries += await expectEntriesExact([reader.id, ...alive]);
        const expected = await reference(reader.id);
        expect(expected.length).toBeGreaterThan(10);
        for (const limit of [1, 3, 7]) {
          const pages = await allPages(reader.id, limit);
          // Every page is the reference's rows at that place, and together they are all of them.
          pages.forEach((page, index) =>
            expect(page).toEqual(expected.slice(index * limit, index * limit + limit)),
          );
          expect(pages.flat()).toEqual(expected);
        }
      };
      // First with the prolific user's rows all there (the random deletes below may remove them).
      await checkPages();
      for (let event = 0; event < 120; event++) await write();
      for (let round = 0; round < 5; round++) {
        if (round === 3) {
          // An account deleted (its rows go by cascade), followed by the reader.
          const gone = users.find(
            (user) => alive.has(user.id) && users.indexOf(user) > 0 && users.indexOf(user) < 7,
          );
          if (gone) {
            await db.query('delete from users where id = $1', [gone.id]);
            alive.delete(gone.id);
          }
        }
        for (let event = 0; event < 25; event++) await write();
        await checkPages();
      }
      // Every reader's entries were compared, not only an empty set.
      expect(entries).toBeGreaterThan(0);
    }, 120_000);
  }

  it('keeps the entries exact when a follow, an unfollow, a privacy change and the followed user write at once', async () => {
    const games = await Promise.all(Array.from({ length: 6 }, () => createGame(db)));
    const reader = await createUser(db);
    const author = await createUser(db);
    const now = Date.now();
    const day = (days: number) => new Date(now - days * 86_400_000).toISOString();
    const one = await db.connect();
    const two = await db.connect();
    /** Waits until `client`'s statement waits for a lock (so the interleaving is the one written). */
    const blocked = async (client: pg.PoolClient) => {
      const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
      return async () => {
        for (let attempt = 0; attempt < 500; attempt++) {
          const { rows } = await db.query('select wait_event_type from pg_stat_activity where pid = $1', [
            pid,
          ]);
          if (rows[0]?.wait_event_type === 'Lock') return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error('the second transaction never waited for the lock');
      };
    };
    const twoBlocked = await blocked(two);
    /** `first` runs in one transaction, then `second` in another, which waits; then both commit in order. */
    const race = async (first: string, firstArgs: unknown[], second: string, secondArgs: unknown[]) => {
      await one.query('begin');
      await one.query(first, firstArgs);
      await two.query('begin');
      const waiting = two.query(second, secondArgs);
      await twoBlocked();
      await one.query('commit');
      await waiting;
      await two.query('commit');
    };
    const follow = 'insert into user_follows (follower_id, followed_id) values ($1, $2)';
    const unfollow = 'delete from user_follows where follower_id = $1 and followed_id = $2';
    const rate = 'insert into ratings (user_id, game_id, score, updated_at) values ($1, $2, 70, $3)';
    const entries = async () =>
      (await db.query('select count(*)::int as n from feed_entries where reader_id = $1', [reader.id]))
        .rows[0].n;
    try {
      // A follow made while the followed user rates, in either order: the rating reaches the feed.
      await race(follow, [reader.id, author.id], rate, [author.id, games[0].id, day(5)]);
      await race(rate, [author.id, games[1].id, day(4)], unfollow, [reader.id, author.id]);
      expect(await entries()).toBe(0);
      await race(rate, [author.id, games[2].id, day(3)], follow, [reader.id, author.id]);
      expect(await entries()).toBe(3);
      await expectEntriesExact([reader.id]);
      // Undone while the followed user rates: nothing of theirs is left.
      await race(unfollow, [reader.id, author.id], rate, [author.id, games[3].id, day(2)]);
      expect(await entries()).toBe(0);
      await db.query(follow, [reader.id, author.id]);
      expect(await entries()).toBe(4);
      // The profile made private while the user rates: nothing reaches the feed; public again, all of it.
      await race(`update users set profile_visibility = 'private' where id = $1`, [author.id], rate, [
        author.id,
        games[4].id,
        day(1),
      ]);
      expect(await entries()).toBe(0);
      await race(
        rate,
        [author.id, games[5].id, day(0)],
        `update users set profile_visibility = 'followers' where id = $1`,
        [author.id],
      );
      expect(await entries()).toBe(6);
      // A rating deleted while a follow is made: it does not come back.
      await db.query(unfollow, [reader.id, author.id]);
      await race(
        'delete from ratings where user_id = $1 and game_id = $2',
        [author.id, games[0].id],
        follow,
        [reader.id, author.id],
      );
      expect(await entries()).toBe(5);
      await expectEntriesExact([reader.id]);
    } finally {
      await one.query('rollback').catch(() => undefined);
      await two.query('rollback').catch(() => undefined);
      one.release();
      two.release();
    }
  });
});
