import 'reflect-metadata';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '@veredicto/db';
import { OutboxRelay } from '@veredicto/jobs';
import { GameFiguresService } from '../../workers/src/averages/game-figures.service.js';
import { UnusualActivityService } from '../../workers/src/averages/unusual-activity.service.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { createGame, createUser, rate } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

/** The key of the advisory lock an outlet-figures refresh once took for the whole database. */
const DATABASE_WIDE_KEY = 27_015;
const GAMES = 50;
const A_FEW = 5;

/**
 * A player's rating recalculates only what a rating can change (the player figures, the unusual-activity
 * check, the game's orderings through its event): never an outlet's figures, so never under a lock for
 * the whole database (docs/RELIABILITY.md, "A rating"). The worker's own services, on a pool as large as
 * the test's concurrency, against the real database; the queues' part is the same on both backends.
 */
describe("a rating's recalculation takes no lock for the whole database", () => {
  let api: TestApi;
  let orm: MikroORM;
  let db: pg.Pool;
  let holder: pg.PoolClient | undefined;
  let figures: GameFiguresService;
  let unusual: UnusualActivityService;

  beforeAll(async () => {
    api = await startTestApi('postgres', { QUEUE_PREFIX: `${testEnv().queuePrefix}_rating_locks` });
    orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: GAMES + 5 });
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 6 });
    figures = new GameFiguresService(orm, api.app.get(OutboxRelay));
    unusual = new UnusualActivityService(orm, figures);
  }, 90_000);

  afterAll(async () => {
    await release();
    await orm?.close(true);
    await db?.end();
    await api?.close();
  }, 30_000);

  /** What the recalculate-average job does for a rating (RecalculateAverageProcessor). */
  const recalculate = async (gameId: number) => {
    await unusual.detect(gameId);
    return figures.recompute(gameId);
  };

  /** Holds the database-wide key in an open transaction, as a long refresh of every outlet once did. */
  const hold = async () => {
    holder = await db.connect();
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1)', [DATABASE_WIDE_KEY]);
    return Number((await holder.query('select pg_backend_pid() as pid')).rows[0].pid);
  };
  async function release() {
    const client = holder;
    holder = undefined;
    if (!client) return;
    await client.query('rollback').catch(() => undefined);
    client.release();
  }

  /** Advisory locks on the database-wide key held or awaited by any session but `except`. */
  const wideLockRequests = async (except: number) =>
    (
      await db.query<{ pid: number; granted: boolean }>(
        `select pid, granted from pg_locks
         where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1 and pid <> $2`,
        [DATABASE_WIDE_KEY, except],
      )
    ).rows;

  /** Runs the recalculations of `ids` at once; answers how long they took, or rejects past `deadlineMs`. */
  const timed = async (ids: number[], deadlineMs: number) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${ids.length} recalculations not finished in ${Math.round(deadlineMs)} ms`)),
        deadlineMs,
      );
    });
    try {
      const results = await Promise.race([Promise.all(ids.map(recalculate)), deadline]);
      expect(results.every((result) => result !== null)).toBe(true);
    } finally {
      clearTimeout(timer);
    }
    return performance.now() - started;
  };

  it('50 recalculations of different games finish while the database-wide key is held, none waiting for it', async () => {
    const games = await Promise.all(Array.from({ length: GAMES + A_FEW }, () => createGame(db)));
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    for (const [index, game] of games.entries())
      for (const [n, user] of users.entries()) await rate(db, user.id, game.id, (index * 13 + n * 29) % 101);
    const ids = games.map((game) => game.id);
    const few = ids.slice(GAMES);
    const many = ids.slice(0, GAMES);

    // A handful first (twice: the first run warms the pool and the plans), without any lock held.
    await timed(few, 60_000);
    const handful = await timed(few, 60_000);

    const holderPid = await hold();
    const seen: { pid: number; granted: boolean }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        seen.push(...(await wideLockRequests(holderPid)));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    let fifty: number;
    try {
      // The key stays held until all fifty have finished: one that waited for it would never finish, and the
      // deadline would fail the test. Generous, so a loaded machine is not taken for a lock.
      fifty = await timed(many, Math.max(60 * handful, 30_000));
    } finally {
      sampling = false;
      await sampler;
      await release();
    }
    expect(seen).toEqual([]);
    console.log(
      `rating-recalculation: 50 with the key held in ${Math.round(fifty)} ms, a handful in ${Math.round(handful)} ms`,
    );

    const { rows } = await db.query<{ id: number; user_rating_count: number }>(
      'select id, user_rating_count from games where id = any($1)',
      [many],
    );
    expect(rows.map((row) => row.user_rating_count)).toEqual(many.map(() => users.length));
  }, 180_000);

  it("a media review's recalculation locks its own game and outlets only", async () => {
    const game = await createGame(db);
    const tag = `${game.id}`;
    const outlets = [1, 2, 3, 4].map((n) => `Cerrojo ${tag} ${n}`);
    await db.query(
      `insert into media_reviews (game_id, outlet, rating, dedupe_key)
       select $1, t.outlet, 70 + t.n::int, t.outlet from unnest($2::text[]) with ordinality as t(outlet, n)`,
      [game.id, outlets],
    );
    const holderPid = await hold();
    try {
      const result = await Promise.race([
        figures.recompute(game.id, { mediaReviews: true }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the media reviews recalculation waited')), 30_000),
        ),
      ]);
      expect(result).toMatchObject({ criticReviewCount: 4 });
      expect(await wideLockRequests(holderPid)).toEqual([]);
    } finally {
      await release();
    }
    const { rows } = await db.query<{ total: number }>(
      'select count(*)::int as total from outlet_game_scores where game_id = $1',
      [game.id],
    );
    expect(rows[0].total).toBe(4);
  }, 60_000);
});
