import { comparableText } from '../html/html-text.js';
import { hasType, textValue } from '../html/json-ld.js';
import type { PageContext } from '../html/page-metadata.js';
import type { ExtractedReview } from './extracted-review.js';
import { REVIEW_TYPES } from './json-ld-reviews.js';

/**
 * Why something that looked like a critic's review was not taken: a player's card ('User score'), a score
 * the page's own scale does not allow (85 where it says out of 10), or a page about another game.
 */
export type RefusalReason = 'user-review' | 'score-off-scale' | 'other-game';

export interface ReviewRefusal {
  reason: RefusalReason;
  outlet: string | null;
  rawScore: string | null;
  /** Spanish, for the operator's log and the admin screen. */
  detail: string;
}

/** The part of a logger the refusals need (Nest's Logger, pino). */
export interface RefusalLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** One log line per refusal, with its `reason` as a field so that the logs can be counted by it. */
export function logRefusals(
  logger: RefusalLogger,
  pageUrl: string,
  refusals: readonly ReviewRefusal[],
): void {
  for (const refusal of refusals) {
    logger.warn(
      { reason: refusal.reason, url: pageUrl, outlet: refusal.outlet, rawScore: refusal.rawScore },
      `crítica rechazada: ${refusal.detail}`,
    );
  }
}

/** A score that was printed but not taken: normalizeScore found it off the page's scale. */
export function offScaleRefusals(reviews: readonly ExtractedReview[]): ReviewRefusal[] {
  return reviews
    .filter((review) => review.rawScore !== null && review.rating === null)
    .map((review) => ({
      reason: 'score-off-scale' as const,
      outlet: review.outlet || null,
      rawScore: review.rawScore,
      detail: `la nota '${review.rawScore}' de ${review.outlet || 'un medio'} no cabe en la escala de la página`,
    }));
}

/** "Elden Ring critic reviews - Metacritic": the game an aggregator's critic-reviews page is about. */
const AGGREGATOR_TITLE = /^(.+?)\s+critic reviews\b/i;

/**
 * The games a review page says it is about: the `itemReviewed` of its schema.org reviews, else the title
 * of an aggregator's critic-reviews page. Empty when the page does not say (then nothing is refused).
 */
export function pageSubjects(page: PageContext): string[] {
  const reviewed = page.jsonLd.nodes
    .filter((node) => hasType(node, ...REVIEW_TYPES) && !hasType(node, 'UserReview'))
    .map((node) => textValue(page.jsonLd.node(node.itemReviewed)?.name))
    .filter((name): name is string => Boolean(name));
  if (reviewed.length) return [...new Set(reviewed)];
  const title = page.meta.get('og:title') ?? page.$('title').first().text();
  const match = AGGREGATOR_TITLE.exec(title.trim());
  return match ? [match[1]] : [];
}

const ROMAN: Record<string, string> = {
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  x: '10',
};

/** A title compared word by word: accents, case, punctuation and roman numerals do not count. */
function titleKey(title: string): string {
  return title
    .split(/[\s:–—-]+/)
    .map((word) => comparableText(word))
    .filter(Boolean)
    .map((word) => ROMAN[word] ?? word)
    .join(' ');
}

/** Whether the page's subject is one of the game's names (its title or an alias). */
export function isSameGame(subject: string, names: readonly string[]): boolean {
  const key = titleKey(subject);
  return names.some((name) => titleKey(name) === key);
}

/** The refusal of every review of a page about another game. */
export function otherGameRefusal(subjects: readonly string[], names: readonly string[]): ReviewRefusal {
  return {
    reason: 'other-game',
    outlet: null,
    rawScore: null,
    detail: `la página trata de «${subjects.join(', ')}», no de «${names[0] ?? ''}»`,
  };
}
