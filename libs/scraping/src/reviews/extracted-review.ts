import { collapseWhitespace, comparableText, truncateText } from '../html/html-text.js';
import { normalizeScore, type ScoreScaleHint } from '../scores/normalize-score.js';

/** A professional (media) review of a game as read from a page (spec: Professional review). */
export interface ExtractedReview {
  /** The outlet that published the review ('Vandal', 'IGN'). */
  outlet: string;
  /** Absolute URL of the outlet's logo. */
  logo: string | null;
  /** The critic, when the page names one. */
  author: string | null;
  /** The score as published ('8,5', '8,5/10', 'B+', '85%'), null when unscored. */
  rawScore: string | null;
  /** The scale rawScore was read on, as `normalizeScore` reports it ('10', '100', '5', '%', 'A-F'). */
  scale: string | null;
  /** Integer 0-100, null when unscored or unreadable. */
  rating: number | null;
  /** A short quote or summary of the review, plain text. */
  snippet: string | null;
  /** Absolute URL of the full review. */
  link: string | null;
  platform: string | null;
  /** ISO 8601 timestamp (UTC). */
  publishedAt: string | null;
}

/** Full review bodies are too long for a card; quotes on aggregators rarely exceed this. */
const SNIPPET_MAX_LENGTH = 400;
/** What aggregators print instead of a score while they wait for one. */
const SCORE_PLACEHOLDER = /^(tbd|tba|n\/?a|nr|-+|–|—|s\/p|sin nota|pendiente|\?)$/i;

export type ReviewScore = Pick<ExtractedReview, 'rawScore' | 'scale' | 'rating'>;

export const UNSCORED: ReviewScore = { rawScore: null, scale: null, rating: null };

/** The score fields of a review; placeholders such as 'tbd' count as no score at all. */
export function reviewScore(raw: string | number | null | undefined, hint?: ScoreScaleHint): ReviewScore {
  if (raw === null || raw === undefined) return UNSCORED;
  const text = typeof raw === 'number' ? raw : collapseWhitespace(raw);
  if (text === '' || (typeof text === 'string' && SCORE_PLACEHOLDER.test(text))) return UNSCORED;
  const score = normalizeScore(text, hint);
  return { rawScore: score.raw, scale: score.scale, rating: score.rating };
}

/** 'Por Ana García' and 'By John Doe' name the same critics as 'Ana García' and 'John Doe'. */
export function cleanAuthor(text: string | null | undefined): string | null {
  const name = collapseWhitespace(text ?? '')
    .replace(/^(por|by|escrito por|written by|reviewed by|análisis de|review by)\s*:?\s+/i, '')
    .trim();
  return name || null;
}

export function snippetOf(text: string | null | undefined): string | null {
  const clean = collapseWhitespace(text ?? '');
  return clean ? truncateText(clean, SNIPPET_MAX_LENGTH) : null;
}

/**
 * The same review found twice on a page (structured data and a card, a card repeated in a carousel)
 * is kept once; the first occurrence wins and the others fill in its missing fields.
 */
export function deduplicateReviews(reviews: ExtractedReview[]): ExtractedReview[] {
  const byKey = new Map<string, ExtractedReview>();
  for (const review of reviews) {
    const identity = review.link
      ? review.link.replace(/#.*$/, '').replace(/\/$/, '')
      : `${review.author ?? ''}|${review.rating ?? review.rawScore ?? ''}`;
    const key = `${comparableText(review.outlet)}|${identity}`;
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { ...review });
      continue;
    }
    for (const field of Object.keys(existing) as (keyof ExtractedReview)[]) {
      if (existing[field] === null && review[field] !== null)
        Object.assign(existing, { [field]: review[field] });
    }
  }
  return [...byKey.values()];
}
