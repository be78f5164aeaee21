/**
 * Score bands and badge tiers (docs/CONTRACT.md §2). Moving a threshold is one edit here: the API, the
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

/** docs/CONTRACT.md §8: below these counts of scored reviews (or ratings) a figure is null. */
export const SCORE_MINIMUMS = { critic: 4, best: 7, spanishPress: 3, player: 1 } as const;

/** docs/CONTRACT.md §16: the home's best games have a critic average of at least this. */
export const BEST_AVERAGE_FLOOR = 75;

/**
 * The title of the home's best games: 'Mejor valorados del último año' while every game is from the last
 * year (the list's first choice), 'Mejor valorados' when it fell back to older ones. `today` as yyyy-MM-dd.
 */
export function bestGamesTitle(games: readonly { releaseDate: string | null }[], today: string): string {
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const lastYear = games.length > 0 && games.every((game) => (game.releaseDate ?? '') >= yearAgo);
  return lastYear ? 'Mejor valorados del último año' : 'Mejor valorados';
}

/**
 * sortBy=avUserRatings ranks by a Bayesian weighted rating, (v·R + m·C) / (v + m), where R is the plain
 * mean of the game's v ratings: a game with few ratings is pulled towards the prior C, so one 100
 * (72,7) cannot outrank thirty 90s (85). C is a fixed typical score rather than the catalogue's mean, so
 * a game's rank never changes because other games were rated.
 */
export const PLAYER_RANK_PRIOR = { m: 10, C: 70 } as const;

/** The rank score of `count` ratings of mean `mean` (see PLAYER_RANK_PRIOR). */
export const playerRankScore = (count: number, mean: number): number =>
  (count * mean + PLAYER_RANK_PRIOR.m * PLAYER_RANK_PRIOR.C) / (count + PLAYER_RANK_PRIOR.m);

/** Critic tiers by the game's critic-average percentile in the catalogue (top 10 %, next 30 %, next 30 %, rest). */
export const CRITIC_TIERS = [
  { topShare: 0.1, label: 'Excepcional' },
  { topShare: 0.4, label: 'Notable' },
  { topShare: 0.7, label: 'Correcto' },
  { topShare: 1, label: 'Flojo' },
] as const;

export type CriticTier = (typeof CRITIC_TIERS)[number]['label'];

/** The tier of a game when `above` of the `total` games with a shown critic average score higher. */
export function criticTierFor(above: number, total: number): CriticTier | null {
  if (total <= 0) return null;
  const share = above / total;
  return (CRITIC_TIERS.find((tier) => share < tier.topShare) ?? CRITIC_TIERS[CRITIC_TIERS.length - 1]).label;
}
