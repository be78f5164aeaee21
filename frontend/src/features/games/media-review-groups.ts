import { scoreClass, type ScoreClass } from '@veredicto/contract';
import type { MediaReview } from '../../lib/types';

/** One card: an outlet's reviews of the game on one or more platforms. */
export interface MediaReviewGroup {
  key: string;
  /** The review the card shows (the highest score): author, text, link, country. */
  lead: MediaReview;
  /** Each review of the group, one per platform (or one without platform). */
  reviews: MediaReview[];
}

/**
 * The same outlet's reviews of one game on several platforms become one card listing the platforms, in
 * the order of the list received (best score first); reviews without the outlet's name stay apart.
 */
export function groupMediaReviews(reviews: readonly MediaReview[]): MediaReviewGroup[] {
  const groups = new Map<string, MediaReviewGroup>();
  for (const review of reviews) {
    const key = review.medium.trim().toLowerCase() || `#${review.id}`;
    const group = groups.get(key);
    if (group) group.reviews.push(review);
    else groups.set(key, { key, lead: review, reviews: [review] });
  }
  return [...groups.values()];
}

/** The outlet's one voice (docs/CONTRACT.md §16): the mean of its scored reviews, or null. */
export function groupScore(group: MediaReviewGroup): number | null {
  const scores = group.reviews.map((review) => review.rating).filter((rating) => rating !== null);
  return scores.length ? Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null;
}

/** The card's quote and link: the lead's, or else those of another review of the group that has them. */
export function groupQuote(group: MediaReviewGroup): { text: string | null; link: string | null } {
  const first = (pick: (review: MediaReview) => string | null) =>
    group.reviews.map(pick).find((value) => Boolean(value?.trim())) ?? null;
  return {
    text: first((review) => review.review),
    link: first((review) => review.link),
  };
}

export type ScoreBandFilter = Exclude<ScoreClass, 'null'>;

export interface MediaReviewFilters {
  /** Only Spanish-language outlets ('Prensa en español'). */
  spanishPress?: boolean;
  /** Only outlets that reviewed the game on this platform. */
  platform?: string;
  /** Only outlets whose score (their mean) falls in this colour band. */
  band?: ScoreBandFilter;
}

/** The platforms the outlets reviewed the game on, for the filter, in alphabetical order. */
export function reviewedPlatforms(groups: readonly MediaReviewGroup[]): string[] {
  const platforms = new Set<string>();
  for (const group of groups)
    for (const review of group.reviews) if (review.platform) platforms.add(review.platform);
  return [...platforms].sort((a, b) => a.localeCompare(b, 'es'));
}

export function filterMediaReviewGroups(
  groups: readonly MediaReviewGroup[],
  { spanishPress, platform, band }: MediaReviewFilters,
): MediaReviewGroup[] {
  return groups.filter(
    (group) =>
      (!spanishPress || group.lead.outletLanguage === 'es') &&
      (!platform || group.reviews.some((review) => review.platform === platform)) &&
      (!band || scoreClass(groupScore(group)) === band),
  );
}

/** A raw score as printed, in Spanish notation ('8.5/10' → '8,5/10'). */
export function formatRawScore(rawScore: string): string {
  return rawScore.replace(/(\d)\.(\d)/g, '$1,$2');
}

/** A flag emoji for an ISO 3166-1 alpha-2 code ('ES' → 🇪🇸); empty for anything else. */
export function flagOf(country: string | null | undefined): string {
  if (!country || !/^[A-Za-z]{2}$/.test(country)) return '';
  return String.fromCodePoint(
    ...[...country.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );
}

const regionNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['es'], { type: 'region' }) : null;

/** The country's Spanish name ('MX' → 'México'), or the code itself. */
export function countryName(country: string): string {
  try {
    return regionNames?.of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}
