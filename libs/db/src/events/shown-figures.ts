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

/** The games columns a ShownFigures is read from (GameFiguresRepository.lockShownFigures). */
export const SHOWN_FIGURE_COLUMNS = [
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
] as const satisfies readonly (keyof ShownFigures)[];

type HistogramColumn = 'criticHistogram' | 'playerHistogram';

/** A row of SHOWN_FIGURE_COLUMNS as the driver gives it: numbers may come as text. */
type ShownFiguresRow = Record<Exclude<(typeof SHOWN_FIGURE_COLUMNS)[number], HistogramColumn>, unknown> &
  Record<HistogramColumn, readonly unknown[] | null | undefined>;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The figures of a row of SHOWN_FIGURE_COLUMNS, as numbers whatever the driver gave. */
export function toShownFigures(row: ShownFiguresRow): ShownFigures {
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
