import { CatalogueOrderingRepository } from './catalogue-ordering.repository.js';
import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type QueryCreator } from 'kysely';
import { PLAYER_RANK_PRIOR, SCORE_MINIMUMS } from '@veredicto/contract';
import { Game } from './game.entity.js';
import { toNullableNumber } from './game-card.js';
import type { AverageResult } from './game-rows.js';
import { BANDS } from './score-stats.js';
import { typedSql, type Database, type TypedSql } from '../typed-sql.js';

/** The players' average of some ratings' scores, as stored and shown: the plain mean, rounded. */
export const playerAverage = (score: Expression<number | null>) =>
  sql<number | null>`round(avg(${score}))::int`;

/**
 * A rating's score as the shown average counts it: null (left out) while a flagged window of unusual
 * activity excludes it (docs/CONTRACT.md §14).
 */
export const countedScore = (score: Expression<number | null>, excludedBy: Expression<unknown>) =>
  sql<number | null>`case when ${excludedBy} is null then ${score} end`;

/**
 * The critics' average of some reviews' scores (nulls are not counted), as stored and shown: the rounded
 * mean, null below the contract's minimum of scored reviews.
 */
const criticAverage = (rating: Expression<number | null>) =>
  sql<
    number | null
  >`case when count(${rating}) >= ${sql.lit(SCORE_MINIMUMS.critic)} then round(avg(${rating}))::int end`;

/** Ten counts of `value` per band 0-9, 10-19, ..., 90-100, as an int[]. */
const histogram = (value: Expression<number | null>) =>
  sql<number[]>`array[${sql.join(
    BANDS.map((band) =>
      band === 9
        ? sql`count(*) filter (where ${value} >= 90)`
        : sql`count(*) filter (where ${value} >= ${sql.lit(band * 10)} and ${value} < ${sql.lit(band * 10 + 10)})`,
    ),
  )}]::int[]`;

const NO_HISTOGRAM = sql<number[]>`'{0,0,0,0,0,0,0,0,0,0}'::int[]`;

/**
 * One outlet, one voice (docs/CONTRACT.md §16): each outlet's scored reviews of a game (one per
 * platform) as one score, their mean, with the outlet's registry row. Outlets are told apart as the game
 * page's cards are (the name, trimmed, in any case). Every critic figure and its check read these rows.
 */
function outletScores(db: QueryCreator<Database>, gameId?: number) {
  return db
    .selectFrom('MediaReview as mr')
    .leftJoin('Outlet as o', 'o.name', 'mr.outlet')
    .select((eb) => [
      'mr.game as gameId',
      sql<number>`avg(${eb.ref('mr.rating')})`.as('rating'),
      sql<string | null>`max(${eb.ref('o.language')})`.as('language'),
      sql<number | null>`max(${eb.ref('o.medianScore')})`.as('medianScore'),
    ])
    .where('mr.rating', 'is not', null)
    .$if(gameId !== undefined, (q) => q.where('mr.game', '=', gameId!))
    .groupBy((eb) => ['mr.game', sql`lower(btrim(${eb.ref('mr.outlet')}))`]);
}

/**
 * Every stored figure of games from their source rows (each outlet's scored reviews as one score, with
 * its registry row; players' ratings): one row per game, of all games or of `gameId` only. Minimums apply here, so the
 * stored columns are exactly what the API shows. Each figure is named `new` + its games property: the
 * statements that store them read `s.newAvRatings` into `avRatings` (MikroORM's Kysely plugin would map a
 * column of `s` named like a property of Game to that property's column).
 */
function statsQuery(db: QueryCreator<Database>, gameId?: number) {
  return db
    .with('m', (m) => outletScores(m, gameId))
    .with('ms', (ms) =>
      ms
        .selectFrom('m')
        .select((eb) => {
          const rating = eb.ref('m.rating');
          const spanish = sql`${eb.ref('m.language')} = 'es'`;
          return [
            'm.gameId',
            sql<number>`count(*)::int`.as('total'),
            criticAverage(rating).as('average'),
            sql<string>`percentile_cont(0.5) within group (order by ${rating})::numeric`.as('median'),
            histogram(rating).as('histogram'),
            sql<string>`count(*) filter (where ${rating} >= ${eb.ref('m.medianScore')})::numeric / nullif(count(${eb.ref('m.medianScore')}), 0)`.as(
              'recommended',
            ),
            sql<number>`count(*) filter (where ${spanish})::int`.as('esTotal'),
            sql<string>`avg(${rating}) filter (where ${spanish})`.as('esMean'),
          ];
        })
        .groupBy('m.gameId'),
    )
    .with('rs', (rs) =>
      rs
        .selectFrom('Rating as r')
        .select((eb) => {
          const counted = countedScore(eb.ref('r.score'), eb.ref('r.excludedBy'));
          return [
            'r.game as gameId',
            sql<number>`count(*)::int`.as('total'),
            sql<number>`count(${counted})::int`.as('counted'),
            sql<string>`avg(${counted})`.as('mean'),
            playerAverage(counted).as('average'),
            histogram(eb.ref('r.score')).as('histogram'),
          ];
        })
        .$if(gameId !== undefined, (q) => q.where('r.game', '=', gameId!))
        .groupBy('r.game'),
    )
    .selectFrom('Game as g2')
    .leftJoin('ms', 'ms.gameId', 'g2.id')
    .leftJoin('rs', 'rs.gameId', 'g2.id')
    .select((eb) => {
      const critics = sql`${eb.ref('ms.total')} >= ${sql.lit(SCORE_MINIMUMS.critic)}`;
      const { m, C } = PLAYER_RANK_PRIOR;
      return [
        'g2.id',
        sql<number | null>`${eb.ref('ms.average')}`.as('newAvRatings'),
        sql<number>`coalesce(${eb.ref('ms.total')}, 0)`.as('newCriticReviewCount'),
        sql<number | null>`case when ${critics} then round(${eb.ref('ms.median')})::int end`.as(
          'newCriticMedian',
        ),
        sql<number[]>`coalesce(${eb.ref('ms.histogram')}, ${NO_HISTOGRAM})`.as('newCriticHistogram'),
        sql<number | null>`case when ${critics} then round(${eb.ref('ms.recommended')} * 100)::int end`.as(
          'newCriticPercentRecommended',
        ),
        sql<
          number | null
        >`case when ${eb.ref('ms.esTotal')} >= ${sql.lit(SCORE_MINIMUMS.spanishPress)} then round(${eb.ref('ms.esMean')})::int end`.as(
          'newSpanishPressAverage',
        ),
        sql<number>`coalesce(${eb.ref('ms.esTotal')}, 0)`.as('newSpanishPressCount'),
        sql<number | null>`${eb.ref('rs.average')}`.as('newAvUserRatings'),
        sql<number>`coalesce(${eb.ref('rs.total')}, 0)`.as('newUserRatingCount'),
        sql<number[]>`coalesce(${eb.ref('rs.histogram')}, ${NO_HISTOGRAM})`.as('newPlayerHistogram'),
        sql<
          number | null
        >`((${eb.ref('rs.counted')} * ${eb.ref('rs.mean')} + ${sql.lit(m)} * ${sql.lit(C)}) / (${eb.ref('rs.counted')} + ${sql.lit(m)}))::real`.as(
          'newPlayerRankScore',
        ),
      ];
    })
    .$if(gameId !== undefined, (q) => q.where('g2.id', '=', gameId!));
}

/** A row of statsQuery: the fresh figures of one game. */
type FreshFigures = Awaited<ReturnType<ReturnType<typeof statsQuery>['executeTakeFirstOrThrow']>>;

/** The stored figures, each set from its fresh value in `s` (statsQuery): the one list of stored figures. */
const storedFigures = (eb: ExpressionBuilder<{ s: FreshFigures }, 's'>) => ({
  avRatings: eb.ref('s.newAvRatings'),
  criticReviewCount: eb.ref('s.newCriticReviewCount'),
  criticMedian: eb.ref('s.newCriticMedian'),
  criticHistogram: eb.ref('s.newCriticHistogram'),
  criticPercentRecommended: eb.ref('s.newCriticPercentRecommended'),
  spanishPressAverage: eb.ref('s.newSpanishPressAverage'),
  spanishPressCount: eb.ref('s.newSpanishPressCount'),
  avUserRatings: eb.ref('s.newAvUserRatings'),
  userRatingCount: eb.ref('s.newUserRatingCount'),
  playerHistogram: eb.ref('s.newPlayerHistogram'),
  playerRankScore: eb.ref('s.newPlayerRankScore'),
});

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
    await new CatalogueOrderingRepository(this.getEntityManager()).markAllChanged();
    return Number(row?.updated ?? 0);
  }
}
