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
