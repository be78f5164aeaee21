/** Shapes of the outlets' answers (docs/CONTRACT.md §15): GET /api/outlets and /api/outlets/{slug}/…. */

/** How far an outlet's scores sit from the other outlets' means; null below 10 compared games. */
export interface OutletDeviation {
  mean: number | null;
  /** The mean's 95 % interval (Student's t). */
  ci95: [number, number] | null;
  games: number;
}

/** An outlet of the registry with its figures (a page of GET /api/outlets, or GET /api/outlets/{slug}). */
export interface Outlet {
  slug: string;
  name: string;
  /** ISO 3166-1 alpha-2 and ISO 639-1. */
  country: string | null;
  language: string | null;
  domain: string | null;
  /** Reviews, with or without a score. */
  reviews: number;
  /** The mean of its scores (0-100, one decimal). */
  average: number | null;
  deviation: OutletDeviation;
}

/** One of its reviews (GET /api/outlets/{slug}/reviews), newest first. */
export interface OutletReview {
  igdbID: number;
  title: string;
  /** 0-100; null when the review has no score. */
  rating: number | null;
  date: string | null;
}

export interface OutletReviewPage {
  content: OutletReview[];
  totalElements: number;
}

/** One of its most generous or harshest scores against the other outlets' mean for the game. */
export interface OutletCall {
  igdbID: number;
  title: string;
  score: number;
  othersMean: number;
  othersCount: number;
  /** score − othersMean. */
  difference: number;
}

/** GET /api/outlets/{slug}/differences: the chart of its differences with the consensus. */
export interface OutletDifferences {
  /** Games per difference in bins of binWidth points, from [-50, -45) to [45, 50]. */
  histogram: number[];
  binWidth: number;
  generous: OutletCall[];
  harsh: OutletCall[];
}

/** GET /api/user/outlets/{slug}/agreement: how a player's scores agree with the outlet's. */
export interface OutletAgreement {
  games: number;
  meanDifference: number | null;
  meanAbsoluteDifference: number | null;
  /** Pearson's; null below 3 games. */
  correlation: number | null;
}
