/**
 * Score bands and badge tiers (decisions.md section 2). Moving a threshold is one edit here: the API, the
 * front and the browser tests all read these.
 */
export const SCORE_BANDS = {
  /** At or above: green. */
  high: 85,
  /** At or above: amber. Below, and above 0: red. */
  medium: 50,
} as const;

export type ScoreClass = 'high' | 'medium' | 'low' | 'null';

/** A score as a number, reading texts such as '85/100' or '8,5'; null when missing or not a number. */
export function toScore(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number =
    typeof value === 'number' ? value : Number.parseFloat(value.replace('/100', '').replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/** The score to show: 'S/P' (sin puntuación) for a missing or zero score, otherwise the rounded number. */
export function formatScore(value: number | string | null | undefined): string {
  const score = toScore(value);
  if (score === null || score === 0) return 'S/P';
  return String(Math.round(score));
}

/** The colour class of a score: high, medium, low, or null for a missing or zero score. */
export function scoreClass(value: number | string | null | undefined): ScoreClass {
  const score = toScore(value);
  if (score === null) return 'null';
  if (score >= SCORE_BANDS.high) return 'high';
  if (score >= SCORE_BANDS.medium) return 'medium';
  if (score > 0) return 'low';
  return 'null';
}

export type BadgeTier = 'bronze' | 'silver' | 'gold';

/** The fewest reviews a critic needs for each badge: 1-20 bronze, 21-50 silver, more than 50 gold. */
export const BADGE_TIERS = { bronze: 1, silver: 21, gold: 51 } as const satisfies Record<BadgeTier, number>;

export const BADGE_LABELS: Readonly<Record<BadgeTier, string>> = {
  bronze: 'Crítico de bronce',
  silver: 'Crítico de plata',
  gold: 'Crítico de oro',
};

/** The badge earned by a number of reviews written; null below the first tier. */
export function badgeTier(reviewCount: number | null | undefined): BadgeTier | null {
  if (!reviewCount || reviewCount < BADGE_TIERS.bronze) return null;
  if (reviewCount >= BADGE_TIERS.gold) return 'gold';
  if (reviewCount >= BADGE_TIERS.silver) return 'silver';
  return 'bronze';
}
