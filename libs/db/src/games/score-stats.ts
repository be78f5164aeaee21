import { criticTierFor, type CriticTier } from '@veredicto/contract';
import { toNullableNumber } from './game-card.js';

/** The figures of the game page (docs/CONTRACT.md §8); tier is read against the catalogue. */
export interface GameScoreStats {
  criticStats: {
    count: number;
    average: number | null;
    median: number | null;
    histogram: number[];
    percentRecommended: number | null;
    tier: CriticTier | null;
  };
  spanishPress: { count: number; average: number | null };
  playerStats: { count: number; average: number | null; histogram: number[] };
}

/** The ten bands of a histogram: 0-9, 10-19, ..., 90-100. */
export const BANDS = Array.from({ length: 10 }, (_, band) => band);

const toHistogram = (value: unknown): number[] =>
  Array.isArray(value) && value.length === 10 ? value.map(Number) : BANDS.map(() => 0);

/** The stored figures of a game as findDetail reads them, with its critic rank for the tier. */
export interface StoredScoreRow {
  avRatings?: number | null;
  criticReviewCount: number;
  criticMedian?: number | null;
  criticHistogram: unknown;
  criticPercentRecommended?: number | null;
  spanishPressAverage?: number | null;
  spanishPressCount: number;
  avUserRatings?: number | null;
  userRatingCount: number;
  playerHistogram: unknown;
  criticsAbove?: number;
  criticsRated?: number;
}

/** The stored figures of a game (with criticsAbove/criticsRated for the tier) in the API's shape. */
export function toScoreStats(row: StoredScoreRow): GameScoreStats {
  const average = toNullableNumber(row.avRatings);
  return {
    criticStats: {
      count: Number(row.criticReviewCount),
      average,
      median: toNullableNumber(row.criticMedian),
      histogram: toHistogram(row.criticHistogram),
      percentRecommended: toNullableNumber(row.criticPercentRecommended),
      tier: average === null ? null : criticTierFor(Number(row.criticsAbove), Number(row.criticsRated)),
    },
    spanishPress: {
      count: Number(row.spanishPressCount),
      average: toNullableNumber(row.spanishPressAverage),
    },
    playerStats: {
      count: Number(row.userRatingCount),
      average: toNullableNumber(row.avUserRatings),
      histogram: toHistogram(row.playerHistogram),
    },
  };
}
