import type { Outlet, OutletDeviation } from '@veredicto/contract';
import type { OutletRow } from '@veredicto/db';
import jStat from 'jstat';

/** Below this many compared games an outlet's deviation is not shown (section 15). */
export const MIN_DEVIATION_GAMES = 10;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The deviation's 95 % interval: mean ± t(0.975, n − 1) · s / √n, from the stored count, mean and sample
 * standard deviation of the outlet's differences.
 */
export function deviationOf(
  row: Pick<OutletRow, 'deviationGames' | 'deviationMean' | 'deviationStdev'>,
): OutletDeviation {
  const games = row.deviationGames;
  if (games < MIN_DEVIATION_GAMES || row.deviationMean === null || row.deviationStdev === null) {
    return { mean: null, ci95: null, games };
  }
  const margin = jStat.studentt.inv(0.975, games - 1) * (row.deviationStdev / Math.sqrt(games));
  return {
    mean: round(row.deviationMean, 2),
    ci95: [round(row.deviationMean - margin, 2), round(row.deviationMean + margin, 2)],
    games,
  };
}

export const presentOutlet = (row: OutletRow): Outlet => ({
  slug: row.slug,
  name: row.name,
  country: row.country,
  language: row.language,
  domain: row.domain,
  reviews: row.reviewCount,
  average: row.averageScore === null ? null : round(row.averageScore, 1),
  deviation: deviationOf(row),
});
