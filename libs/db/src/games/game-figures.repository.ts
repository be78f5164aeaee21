import { CatalogueOrderingRepository } from './catalogue-ordering.repository.js';
import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression } from 'kysely';
import { SHOWN_FIGURE_COLUMNS, toShownFigures, type ShownFigures } from '../events/shown-figures.js';
import { Game } from './game.entity.js';
import { toNullableNumber } from './game-card.js';
import type { AverageResult } from './game-rows.js';
import {
  countedScore,
  criticAverage,
  outletScores,
  playerAverage,
  statsQuery,
  storedFigures,
} from './game-figures-query.js';
import { typedSql, type TypedSql } from '../typed-sql.js';
import { repository } from '../repository.js';

/**
 * Every figure of games, computed from the source rows (scored media reviews with their outlet's registry
 * row, players' ratings) with the contract's minimums and prior: every average, histogram and rank
 * score, and the check of the stored ones. Used by the averages worker, its reconciliation and the seed.
 */
export class GameFiguresRepository extends EntityRepository<Game> {
  constructor(em: SqlEntityManager) {
    super(em, Game);
  }

  /** Typed SQL on the primary (or the current transaction). */
  private get db(): TypedSql {
    return typedSql(this.getEntityManager());
  }

  /**
   * The game's figures, its row locked for the caller's transaction (call it on the transaction's
   * EntityManager): the recalculation that follows and the event it writes see no other writer in between.
   * The lock is the one the recalculation's UPDATE takes anyway (FOR NO KEY UPDATE): ratings and reviews
   * being inserted for the game (their foreign key takes KEY SHARE) never wait for it. Null when the game
   * does not exist.
   */
  async lockShownFigures(gameId: number): Promise<ShownFigures | null> {
    const row = await this.db
      .selectFrom('Game')
      .select(SHOWN_FIGURE_COLUMNS)
      .where('id', '=', gameId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    return row ? toShownFigures(row) : null;
  }

  /**
   * Recomputes a game's critic, Spanish-press and player figures and counts from the source rows (never
   * by adding deltas), in one statement, so running it twice or concurrently gives the same result.
   * Outlet medians (for percentRecommended) are read as stored: OutletRepository.refreshMedians keeps them.
   */
  async recalculateAverages(gameId: number): Promise<AverageResult | null> {
    const db = this.db;
    const row = await db
      .updateTable('Game')
      .from(statsQuery(db, gameId).as('s'))
      .set((eb) => ({ ...storedFigures(eb), updatedAt: sql<Date>`now()` }))
      .whereRef('Game.id', '=', 's.id')
      .returning(['avRatings', 'criticReviewCount', 'avUserRatings', 'userRatingCount'])
      .executeTakeFirst();
    if (!row) return null;
    return {
      avRatings: toNullableNumber(row.avRatings),
      criticReviewCount: Number(row.criticReviewCount),
      avUserRatings: toNullableNumber(row.avUserRatings),
      userRatingCount: Number(row.userRatingCount),
    };
  }

  /**
   * Games whose stored figures differ from what their source rows say (the reconciliation's check): a
   * recalculation lost with Redis' data, or never enqueued, shows here. Zero rows in a healthy system.
   */
  async findGamesWithStaleFigures(limit = 10_000): Promise<{ checked: number; gameIds: number[] }> {
    const rows = await this.db
      .with('r', (db) =>
        db
          .selectFrom('Rating as r')
          .select((eb) => [
            'r.game as gameId',
            playerAverage(countedScore(eb.ref('r.score'), eb.ref('r.excludedBy'))).as('average'),
            sql<number>`count(*)::int`.as('total'),
          ])
          .groupBy('r.game'),
      )
      // Not named 'o': outletScores joins the registry as 'o', and the ORM's name mapping would then miss
      // the registry's columns (o.medianScore), failing the whole reconciliation.
      .with('scores', (db) => outletScores(db))
      .with('m', (db) =>
        db
          .selectFrom('scores')
          .select((eb) => [
            'scores.gameId',
            criticAverage(eb.ref('scores.rating')).as('average'),
            sql<number>`count(${eb.ref('scores.rating')})::int`.as('total'),
          ])
          .groupBy('scores.gameId'),
      )
      .with('stale', (db) =>
        db
          .selectFrom('Game as g')
          .leftJoin('r', 'r.gameId', 'g.id')
          .leftJoin('m', 'm.gameId', 'g.id')
          .select('g.id')
          .where((eb) =>
            eb.or([
              eb('g.avUserRatings', 'is distinct from', eb.ref('r.average')),
              eb('g.userRatingCount', 'is distinct from', eb.fn.coalesce('r.total', sql.lit(0))),
              eb('g.avRatings', 'is distinct from', eb.ref('m.average')),
              eb('g.criticReviewCount', 'is distinct from', eb.fn.coalesce('m.total', sql.lit(0))),
            ]),
          )
          .orderBy('g.id')
          .limit(limit),
      )
      .selectFrom(sql`(select 1)`.as('one'))
      .leftJoin('stale as s', (join) => join.onTrue())
      .select((eb) => [
        's.id',
        eb
          .selectFrom('Game')
          .select(sql<number>`count(*)::int`.as('games'))
          .as('checked'),
      ])
      .execute();
    return {
      checked: Number(rows[0]?.checked ?? 0),
      gameIds: rows.filter((row) => row.id != null).map((row) => Number(row.id)),
    };
  }

  /** Same computation for every game at once (after a bulk import); answers how many rows changed. */
  async recalculateAllAverages(): Promise<number> {
    const row = await this.db
      .with('updated', (db) =>
        db
          .updateTable('Game')
          .from(statsQuery(db).as('s'))
          .set(storedFigures)
          .where((eb) => {
            const figures = Object.entries(storedFigures(eb)) as [
              keyof ReturnType<typeof storedFigures>,
              Expression<unknown>,
            ][];
            return eb.and([
              eb('Game.id', '=', eb.ref('s.id')),
              eb(
                sql`(${sql.join(figures.map(([stored]) => eb.ref(`Game.${stored}`)))})`,
                'is distinct from',
                sql`(${sql.join(figures.map(([, fresh]) => fresh))})`,
              ),
            ]);
          })
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('updated')
      .select(sql<number>`count(*)::int`.as('updated'))
      .executeTakeFirst();
    // Every game at once, with no event: every stored ordering of the catalogue is walked again.
    await repository(this.getEntityManager(), CatalogueOrderingRepository).markAllChanged();
    return Number(row?.updated ?? 0);
  }
}
