import { createHash } from 'node:crypto';
import type { ExtractedReview } from './extracted-review.js';

/** A media review ready to store: the media review columns, with a stable identity within its game. */
export interface StorableReview {
  outlet: string;
  logo: string | null;
  author: string | null;
  rawScore: string | null;
  scale: string | null;
  rating: number | null;
  snippet: string | null;
  link: string | null;
  platform: string | null;
  /** YYYY-MM-DD */
  publishedAt: string | null;
  dedupeKey: string;
}

const MAX_KEY_LENGTH = 600;
/** A review whose outlet could not be read still belongs to someone. */
export const UNKNOWN_OUTLET = 'Desconocido';

/**
 * Identity of a review within its game: its link when it has one, else outlet + author + platform. Long
 * keys are hashed so they fit the column and stay stable.
 */
export function reviewDedupeKey(
  review: Pick<ExtractedReview, 'outlet' | 'author' | 'platform' | 'link'>,
): string {
  const key = review.link
    ? `link:${review.link.replace(/#.*$/, '').replace(/\/$/, '')}`
    : `outlet:${[review.outlet, review.author ?? '', review.platform ?? ''].map((part) => part.trim().toLowerCase()).join('|')}`;
  return key.length <= MAX_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * The reviews of one page as rows: a rating that is not an integer 0-100 is refused (kept unscored, never
 * clamped into the average), the date keeps its day, and two reviews with one identity are stored once
 * (the single upsert statement would fail on them).
 */
export function storableReviews(reviews: readonly ExtractedReview[]): StorableReview[] {
  const rows = reviews.map((review): StorableReview => {
    const outlet = review.outlet || UNKNOWN_OUTLET;
    const rating = review.rating === null ? null : Math.round(review.rating);
    return {
      outlet,
      logo: review.logo,
      author: review.author,
      rawScore: review.rawScore,
      scale: review.scale,
      rating: rating !== null && rating >= 0 && rating <= 100 ? rating : null,
      snippet: review.snippet,
      link: review.link,
      platform: review.platform,
      publishedAt: review.publishedAt?.slice(0, 10) ?? null,
      dedupeKey: reviewDedupeKey({ ...review, outlet }),
    };
  });
  return [...new Map(rows.map((row) => [row.dedupeKey, row])).values()];
}
