/**
 * Unusual rating activity (docs/CONTRACT.md §14): the rule the detector of the workers applies to one
 * game's ratings, the benchmark replays (bench/unusual-activity.ts) and the game page explains. Pure and
 * deterministic: the same ratings give the same windows.
 *
 * Three explainable figures per window, each against the game's own history:
 * - volume: a day's ratings as a robust z-score against the median of the 56 days before it, scaled by
 *   the median absolute deviation (1.4826 MAD) with a Poisson floor (√median), so a sparse game's quiet
 *   zeros do not make every second rating a burst;
 * - accounts: the share of ratings from accounts younger than 7 days, against the same share before;
 * - scores: the total-variation distance between the window's and the baseline's score bands and the
 *   fall of the mean.
 * - the wall: the share of scores in the lowest fifth of the scale (0-2 of 10, one star of five), against
 *   the baseline's share and against the game's critics (or, without critics, its own later ratings).
 * A burst of volume alone (a launch, a sale, a patch people like) is not a bomb: a window is flagged when
 * its volume is unusual and either its accounts are mostly new, or its scores break with the game's own, or
 * it is a wall of the lowest scores far below what critics gave the game. The wall is what tells a launch-day
 * bomb from a launch where account ages say nothing (docs/CONTRACT.md §18): an organic launch is mostly high
 * or mixed (at most 17 % of the lowest scores on the real launches of bench/unusual-activity), a bomb is a
 * third or more of them (36-42 % on the real bombs), its mean 25 points or more under the critics'.
 */
export const UNUSUAL_ACTIVITY = {
  /** Days before a candidate day that make its baseline. */
  baselineDays: 56,
  /** Below this many days of history the game has no baseline (a launch): only new accounts flag it. */
  minBaselineDays: 14,
  /** Ratings of a burst day, at least. */
  minDayCount: 10,
  /** Robust z-score of a burst day, at least. */
  minVolumeZ: 5,
  /** Days without a burst allowed inside one window. */
  maxGapDays: 1,
  /** An account younger than this when it rated is new. */
  newAccountDays: 7,
  /** Share of new accounts that flags a window, and its margin over the baseline's share. */
  minNewShare: 0.5,
  minNewShareLift: 0.3,
  /** Score bands that break with the baseline: distance and mean shift, with enough baseline ratings. */
  minScoreDistance: 0.4,
  minMeanShift: 20,
  minBaselineRatings: 20,
  /** The wall of lowest scores: at most this score, its share at least, and its lift over the baseline's. */
  wallMaxScore: 20,
  minWallShare: 0.3,
  minWallLift: 0.2,
  /** How far the wall's mean falls under the game's critics (or its later ratings) at least. */
  minReferenceGap: 25,
  /** How far back a run looks. */
  lookbackDays: 180,
} as const;

/** One rating as the detector sees it. */
export interface RatingObservation {
  /** The UTC day it was given, yyyy-MM-dd. */
  day: string;
  score: number;
  /** Days between the account's creation and the rating. */
  accountAgeDays: number;
  /** The account's ratings of other games. */
  otherRatings: number;
}

/** Why a window was flagged, in figures a person can check. */
export interface UnusualEvidence {
  reasons: ('new-accounts' | 'score-skew' | 'low-wall')[];
  /** Ratings per day of the baseline (median) and of the window's busiest day; null without a baseline. */
  baselinePerDay: number | null;
  peakPerDay: number;
  /** The busiest day's robust z-score; null without a baseline. */
  volumeZ: number | null;
  /** Shares 0-1 of accounts younger than 7 days. */
  newShare: number;
  baselineNewShare: number | null;
  /** The share of new accounts among other games' ratings on the same days. */
  siteNewShare: number | null;
  meanScore: number;
  baselineMeanScore: number | null;
  /** Total-variation distance 0-1 of the score bands; null without enough baseline ratings. */
  scoreDistance: number | null;
  /** Shares 0-1 of scores at or under `wallMaxScore`, in the window and its baseline (null without one). */
  wallShare?: number;
  baselineWallShare?: number | null;
  /** What the window's mean is held against: the game's critics, else its later ratings; null without. */
  referenceScore?: number | null;
}

export interface UnusualWindow {
  /** First and last day, yyyy-MM-dd (UTC). */
  from: string;
  to: string;
  count: number;
  evidence: UnusualEvidence;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const median = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The rating's account was new, or rated nothing else: what the exclusion leaves out of the average. */
export const isSuspiciousRating = (rating: Pick<RatingObservation, 'accountAgeDays' | 'otherRatings'>) =>
  rating.accountAgeDays < UNUSUAL_ACTIVITY.newAccountDays || rating.otherRatings === 0;

const isNew = (rating: RatingObservation) => rating.accountAgeDays < UNUSUAL_ACTIVITY.newAccountDays;

const bandsOf = (ratings: readonly RatingObservation[]) => {
  const bands = Array.from({ length: 10 }, () => 0);
  for (const { score } of ratings) bands[Math.min(9, Math.floor(score / 10))] += 1;
  return bands.map((count) => count / Math.max(1, ratings.length));
};

const meanOf = (ratings: readonly RatingObservation[]) =>
  ratings.reduce((sum, { score }) => sum + score, 0) / Math.max(1, ratings.length);

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A run of busy days, before it is judged. */
export interface RatingBurst {
  from: string;
  to: string;
  inside: RatingObservation[];
  /** The ratings of the baseline days (the 56 days before, bursts left out); null at a launch. */
  before: RatingObservation[] | null;
  /** The game's ratings after the window (its own later ratings). */
  after: RatingObservation[];
  peakPerDay: number;
  baselinePerDay: number | null;
  volumeZ: number | null;
}

/**
 * The runs of busy days in a game's ratings (any order; days with no rating count as zero from the
 * game's first rating on): each day at least `minDayCount` and, once the game has a baseline, at least
 * `minVolumeZ` robust deviations above it.
 */
export function findRatingBursts(ratings: readonly RatingObservation[]): RatingBurst[] {
  const rule = UNUSUAL_ACTIVITY;
  if (ratings.length === 0) return [];
  const byDay = new Map<number, RatingObservation[]>();
  for (const rating of ratings) {
    const day = dayNumber(rating.day);
    byDay.set(day, [...(byDay.get(day) ?? []), rating]);
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const first = days[0];
  const countOn = (day: number) => byDay.get(day)?.length ?? 0;
  /** Busy days far above their baseline: they stay out of later baselines. */
  const burstDays = new Set<number>();
  /** Busy days of the first two weeks, with no baseline yet (a launch): judged, never left out. */
  const launchDays = new Set<number>();

  // Days already part of a burst stay out of later baselines, so a bomb that lasts a week does not
  // become its own normal (unless that leaves less than a week to compare with).
  const baselineOf = (day: number) => {
    if (day - first < rule.minBaselineDays) return null;
    const span: number[] = [];
    for (let d = Math.max(first, day - rule.baselineDays); d < day; d += 1) span.push(d);
    const quiet = span.filter((d) => !burstDays.has(d));
    return quiet.length >= 7 ? quiet : span;
  };
  const volumeOf = (count: number, baseline: number[]) => {
    const counts = baseline.map(countOn);
    const center = median(counts);
    const mad = median(counts.map((value) => Math.abs(value - center)));
    const scale = Math.max(1.4826 * mad, Math.sqrt(Math.max(center, 1)));
    return { center, z: (count - center) / scale };
  };
  for (const day of days) {
    const count = countOn(day);
    if (count < rule.minDayCount) continue;
    const baseline = baselineOf(day);
    if (baseline === null) launchDays.add(day);
    else if (volumeOf(count, baseline).z >= rule.minVolumeZ) burstDays.add(day);
  }

  const spans: [number, number][] = [];
  for (const day of [...launchDays, ...burstDays].sort((a, b) => a - b)) {
    const open = spans[spans.length - 1];
    if (open && day - open[1] <= rule.maxGapDays + 1) open[1] = day;
    else spans.push([day, day]);
  }
  return spans.map(([from, to]) => {
    const inside: RatingObservation[] = [];
    let peak = from;
    for (let d = from; d <= to; d += 1) {
      inside.push(...(byDay.get(d) ?? []));
      if (countOn(d) > countOn(peak)) peak = d;
    }
    const baseline = baselineOf(from);
    const volume = baseline ? volumeOf(countOn(peak), baseline) : null;
    return {
      from: dayText(from),
      to: dayText(to),
      inside,
      before: baseline ? baseline.flatMap((d) => byDay.get(d) ?? []) : null,
      after: days.filter((d) => d > to).flatMap((d) => byDay.get(d) ?? []),
      peakPerDay: countOn(peak),
      baselinePerDay: volume ? round(volume.center) : null,
      volumeZ: volume ? round(volume.z, 1) : null,
    };
  });
}

const wallOf = (ratings: readonly RatingObservation[]) =>
  ratings.filter(({ score }) => score <= UNUSUAL_ACTIVITY.wallMaxScore).length / Math.max(1, ratings.length);

/**
 * A burst judged: flagged when its accounts are mostly new, well above both the game's own share and
 * the share of new accounts across the site (`siteNewShare`: other games' ratings of the weeks before, by
 * accounts that did not rate this game, so bombs of several games at once do not raise it: on a young site
 * every account is new), when its scores break with the game's baseline, or when it is a wall of the lowest
 * scores far below the game's critics (`criticScore`, 0-100) or, without critics, its own later ratings.
 */
export function judgeRatingBurst(
  burst: RatingBurst,
  siteNewShare: number | null,
  criticScore: number | null = null,
): UnusualWindow | null {
  const rule = UNUSUAL_ACTIVITY;
  const { inside, before, after } = burst;
  const newShare = inside.filter(isNew).length / inside.length;
  const baselineNewShare = before?.length ? before.filter(isNew).length / before.length : null;
  const enoughBefore = before !== null && before.length >= rule.minBaselineRatings;
  const baselineBands = enoughBefore ? bandsOf(before) : null;
  const distance = baselineBands
    ? bandsOf(inside).reduce((sum, share, band) => sum + Math.abs(share - baselineBands[band]), 0) / 2
    : null;
  const meanScore = meanOf(inside);
  const baselineMeanScore = before?.length ? meanOf(before) : null;

  const reasons: UnusualEvidence['reasons'] = [];
  const reference = Math.max(baselineNewShare ?? 0, siteNewShare ?? 0);
  if (newShare >= rule.minNewShare && newShare - reference >= rule.minNewShareLift)
    reasons.push('new-accounts');
  if (
    distance !== null &&
    baselineMeanScore !== null &&
    distance >= rule.minScoreDistance &&
    // Downwards only: a burst of praise from old accounts is people liking something (the Firewatch
    // control of bench/unusual-activity, a film's second life on The Last Jedi's real history).
    baselineMeanScore - meanScore >= rule.minMeanShift
  )
    reasons.push('score-skew');
  const wallShare = wallOf(inside);
  const baselineWallShare = enoughBefore ? wallOf(before) : null;
  const referenceScore = criticScore ?? (after.length >= rule.minBaselineRatings ? meanOf(after) : null);
  if (
    referenceScore !== null &&
    wallShare >= rule.minWallShare &&
    wallShare - (baselineWallShare ?? 0) >= rule.minWallLift &&
    referenceScore - meanScore >= rule.minReferenceGap
  )
    reasons.push('low-wall');
  if (reasons.length === 0) return null;
  return {
    from: burst.from,
    to: burst.to,
    count: inside.length,
    evidence: {
      reasons,
      baselinePerDay: burst.baselinePerDay,
      peakPerDay: burst.peakPerDay,
      volumeZ: burst.volumeZ,
      newShare: round(newShare),
      baselineNewShare: baselineNewShare === null ? null : round(baselineNewShare),
      siteNewShare: siteNewShare === null ? null : round(siteNewShare),
      meanScore: round(meanScore, 0),
      baselineMeanScore: baselineMeanScore === null ? null : round(baselineMeanScore, 0),
      scoreDistance: distance === null ? null : round(distance),
      wallShare: round(wallShare),
      baselineWallShare: baselineWallShare === null ? null : round(baselineWallShare),
      referenceScore: referenceScore === null ? null : round(referenceScore, 0),
    },
  };
}

/**
 * Bursts found and judged in one go, the site's share of new accounts given per window (see
 * judgeRatingBurst) and the game's critic average when it has one.
 */
export function detectUnusualWindows(
  ratings: readonly RatingObservation[],
  siteNewShare: (from: string, to: string) => number | null = () => null,
  criticScore: number | null = null,
): UnusualWindow[] {
  return findRatingBursts(ratings)
    .map((burst) => judgeRatingBurst(burst, siteNewShare(burst.from, burst.to), criticScore))
    .filter((window): window is UnusualWindow => window !== null);
}
