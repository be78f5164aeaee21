import 'reflect-metadata';
import { jest } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createGame } from '../support/factories.js';
import { testEnv } from '../support/test-env.js';

// The score minimums are the contract's (libs/contract/src/scores.ts): the figures the workers store and
// the API shows are computed with them, not with numbers of their own. Here the contract is replaced by one
// whose critic and Spanish-press minimums are two higher than the real ones, before libs/db is loaded; a
// game with exactly the real minimum of reviews must then show no average, and one more than the new
// minimum must show it. (frontend/.../scoring-method-page.test.tsx does the same for the page.)
const real = await import('@veredicto/contract');
const SCORE_MINIMUMS = {
  ...real.SCORE_MINIMUMS,
  critic: real.SCORE_MINIMUMS.critic + 2,
  spanishPress: real.SCORE_MINIMUMS.spanishPress + 2,
};
jest.unstable_mockModule('@veredicto/contract', () => ({ ...real, SCORE_MINIMUMS }));
const { Game, GameFiguresRepository, migrateDatabase, openDatabase } = await import('@veredicto/db');

describe('score minimums read from the contract', () => {
  let orm: MikroORM;
  let db: pg.Pool;

  beforeAll(async () => {
    orm = await openDatabase({ databaseUrl: testEnv().databaseUrl, poolSize: 2 });
    await migrateDatabase(orm, testEnv().databaseUrl);
    db = new pg.Pool({ connectionString: testEnv().databaseUrl, max: 2 });
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await orm?.close(true);
  });

  /** Adds `count` scored reviews of 80 by Spanish-language outlets of this game. */
  const review = async (gameId: number, count: number, from: number) => {
    for (let n = from; n < from + count; n++) {
      const outlet = `Prensa contrato ${gameId}-${n}`;
      await db.query(`insert into outlets (name, country, language) values ($1, 'ES', 'es')`, [outlet]);
      await db.query(
        `insert into media_reviews (game_id, outlet, rating, dedupe_key) values ($1, $2, 80, $3)`,
        [gameId, outlet, `contrato-${n}`],
      );
    }
  };

  const figures = async (gameId: number) => {
    const em = orm.em.fork();
    await new GameFiguresRepository(em).recalculateAverages(gameId);
    const detail = await em.getRepository(Game).findDetail({ id: gameId });
    return { critic: detail!.criticStats, spanishPress: detail!.spanishPress };
  };

  it('shows the critic and Spanish-press averages only from the minimums the contract gives', async () => {
    const game = await createGame(db);
    // As many reviews as the real critic minimum: enough for the real rules, not for the contract's.
    await review(game.id, real.SCORE_MINIMUMS.critic, 0);
    const below = await figures(game.id);
    expect(below.critic).toMatchObject({ count: real.SCORE_MINIMUMS.critic, average: null, median: null });
    expect(below.spanishPress).toEqual({ count: real.SCORE_MINIMUMS.critic, average: null });

    await review(game.id, SCORE_MINIMUMS.critic - real.SCORE_MINIMUMS.critic, real.SCORE_MINIMUMS.critic);
    const reached = await figures(game.id);
    expect(reached.critic).toMatchObject({ count: SCORE_MINIMUMS.critic, average: 80, median: 80 });
    expect(reached.spanishPress).toEqual({ count: SCORE_MINIMUMS.critic, average: 80 });
  });
});
