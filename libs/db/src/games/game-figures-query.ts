import { sql, type Expression, type ExpressionBuilder, type QueryCreator } from 'kysely';
import { PLAYER_RANK_PRIOR, SCORE_MINIMUMS } from '@veredicto/contract';
import { BANDS } from './score-stats.js';
import type { Database } from '../typed-sql.js';

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
export const criticAverage = (rating: Expression<number | null>) =>
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
export function outletScores(db: QueryCreator<Database>, gameId?: number) {
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
export function statsQuery(db: QueryCreator<Database>, gameId?: number) {
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
export const storedFigures = (eb: ExpressionBuilder<{ s: FreshFigures }, 's'>) => ({
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
