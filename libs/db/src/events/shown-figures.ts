import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../typed-sql.js';

/** A game's stored figures, as a figures-changed event compares them before and after a recalculation. */
export interface ShownFigures {
  igdbId: number;
  avRatings: number | null;
  criticReviewCount: number;
  avUserRatings: number | null;
  userRatingCount: number;
  criticMedian: number | null;
  criticHistogram: number[];
  criticPercentRecommended: number | null;
  spanishPressAverage: number | null;
  spanishPressCount: number;
  playerHistogram: number[];
  playerRankScore: number | null;
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The game's figures, its row locked for the caller's transaction (call it on the transaction's
 * EntityManager): the recalculation that follows and the event it writes see no other writer in between.
 * The lock is the one the recalculation's UPDATE takes anyway (FOR NO KEY UPDATE): ratings and reviews
 * being inserted for the game (their foreign key takes KEY SHARE) never wait for it. Null when the game
 * does not exist.
 */
export async function lockShownFigures(em: EntityManager, gameId: number): Promise<ShownFigures | null> {
  const row = await typedSql(em)
    .selectFrom('Game')
    .select([
      'igdbId',
      'avRatings',
      'criticReviewCount',
      'avUserRatings',
      'userRatingCount',
      'criticMedian',
      'criticHistogram',
      'criticPercentRecommended',
      'spanishPressAverage',
      'spanishPressCount',
      'playerHistogram',
      'playerRankScore',
    ])
    .where('id', '=', gameId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return {
    igdbId: Number(row.igdbId),
    avRatings: nullableNumber(row.avRatings),
    criticReviewCount: Number(row.criticReviewCount),
    avUserRatings: nullableNumber(row.avUserRatings),
    userRatingCount: Number(row.userRatingCount),
    criticMedian: nullableNumber(row.criticMedian),
    criticHistogram: (row.criticHistogram ?? []).map(Number),
    criticPercentRecommended: nullableNumber(row.criticPercentRecommended),
    spanishPressAverage: nullableNumber(row.spanishPressAverage),
    spanishPressCount: Number(row.spanishPressCount),
    playerHistogram: (row.playerHistogram ?? []).map(Number),
    playerRankScore: nullableNumber(row.playerRankScore),
  };
}
