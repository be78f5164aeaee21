import { comparableText } from '../html/html-text.js';
import { looksLikeAppShell } from '../html/main-content.js';
import {
  canonicalLink,
  metaText,
  publicationDate,
  readPage,
  siteLogo,
  siteName,
  siteNameVariants,
  type PageContext,
} from '../html/page-metadata.js';
import { siteHost } from '../html/page-url.js';
import { deduplicateReviews, snippetOf, type ExtractedReview } from './extracted-review.js';
import { jsonLdReviews } from './json-ld-reviews.js';
import { isListPage, withoutSelfReviews } from './list-page.js';
import { microdataReviews } from './microdata-reviews.js';
import {
  isSameGame,
  offScaleRefusals,
  otherGameRefusal,
  pageSubjects,
  type ReviewRefusal,
} from './review-refusals.js';
import { reviewCards } from './review-cards.js';
import { readSpanishStatement, type SpanishStatement } from './spanish-statement.js';
import { testIdCards } from './testid-cards.js';
import { visibleReview } from './visible-review.js';

export type { ExtractedReview } from './extracted-review.js';

/** One way of reading reviews off a page. */
export interface ReviewExtractor {
  name: string;
  /**
   * Whether its findings stand on a ranking or list page: readers that name each review's outlet
   * explicitly do; the generic card reader, which takes a list entry's link for a review, does not.
   */
  onListPages: boolean;
  extract(page: ReviewPageContext): ExtractedReview[];
}

/** A parsed page, and where its readers note what they refuse. */
export type ReviewPageContext = PageContext & { refusals: ReviewRefusal[] };

/**
 * The review readers, in order; each reads the same parsed page and their findings are merged (the same
 * review found twice is kept once, the first reading winning). A new outlet's markup joins with one entry
 * here. The outlet's own review as displayed (`visibleReview`) is the fallback when all of them find nothing.
 */
export const REVIEW_EXTRACTORS: readonly ReviewExtractor[] = [
  // Before the generic cards: it takes its cards off the page once read.
  { name: 'data-testid cards (Metacritic)', onListPages: true, extract: testIdCards },
  {
    name: 'schema.org JSON-LD',
    onListPages: true,
    extract: (page) => jsonLdReviews(page).map((review) => withOutlet(page, review)),
  },
  {
    name: 'schema.org microdata',
    onListPages: true,
    extract: (page) => microdataReviews(page).map((review) => withOutlet(page, review)),
  },
  { name: 'repeated review cards', onListPages: false, extract: reviewCards },
];

/**
 * What one parse of a review page gives: its reviews, whether a browser should render it first, and what
 * a single review page (not a list) states of the game's Spanish ('Textos: español · Voces: inglés').
 */
export interface ReviewPageReading {
  reviews: ExtractedReview[];
  needsBrowser: boolean;
  /** What looked like a review and was not taken, with the reason (the worker logs each). */
  refusals: ReviewRefusal[];
  spanish: SpanishStatement | null;
}

/** What the caller knows: the game the page is registered for, by its title and aliases. */
export interface ReviewPageOptions {
  gameNames?: readonly string[];
}

/**
 * The critic reviews a page shows, read from one parse of it. On a ranking or list page the site's own
 * entries are refused (their numbers are positions) and no 'visible review' is guessed.
 */
export function readReviewPage(
  html: string,
  pageUrl: string,
  options: ReviewPageOptions = {},
): ReviewPageReading {
  const page: ReviewPageContext = Object.assign(readPage(html, pageUrl), { refusals: [] });
  // A page about another game yields nothing: its reviews would be averaged into the wrong game.
  const names = options.gameNames ?? [];
  const subjects = names.length ? pageSubjects(page) : [];
  if (subjects.length && !subjects.some((subject) => isSameGame(subject, names))) {
    return {
      reviews: [],
      needsBrowser: false,
      refusals: [otherGameRefusal(subjects, names)],
      spanish: null,
    };
  }
  // Asked before any reader takes elements off the page.
  const shell = looksLikeAppShell(page.$);
  const listPage = isListPage(page);
  // Read before the review readers take their cards off the page.
  const spanish = listPage ? null : readSpanishStatement(page.$);
  const extractors = REVIEW_EXTRACTORS.filter((extractor) => !listPage || extractor.onListPages);
  let reviews = deduplicateReviews(extractors.flatMap((extractor) => extractor.extract(page)));
  if (listPage) reviews = withoutSelfReviews(page, reviews);
  else if (reviews.length === 1) reviews = [completeFromPage(page, reviews[0])];
  else if (reviews.length === 0) {
    const visible = visibleReview(page);
    if (visible) reviews = [visible];
  }
  // A page of several reviews is an aggregator's: a statement there is no single review's.
  return {
    reviews,
    needsBrowser: reviews.length === 0 && shell,
    refusals: [...page.refusals, ...offScaleRefusals(reviews)],
    spanish: reviews.length > 1 ? null : spanish,
  };
}

/** The critic reviews a page shows (see `readReviewPage`); scores normalised to 0-100. */
export function extractReviews(
  html: string,
  pageUrl: string,
  options: ReviewPageOptions = {},
): ExtractedReview[] {
  return readReviewPage(html, pageUrl, options).reviews;
}

/**
 * Whether the page must be rendered in a browser before reading it: no review could be read and the
 * HTML is a client-side shell (an empty framework mount point or a body with almost no text).
 */
export function reviewsNeedBrowser(html: string, pageUrl = 'http://localhost/'): boolean {
  return readReviewPage(html, pageUrl).needsBrowser;
}

/** A structured review that does not name its outlet was published by the site itself. */
function withOutlet(page: PageContext, review: ExtractedReview): ExtractedReview {
  if (review.outlet) return review;
  return { ...review, outlet: siteName(page), logo: review.logo ?? siteLogo(page) };
}

/**
 * The only review on a page published by the site itself is the page: what its structured data leaves
 * out (date, logo, snippet, author) the page's own metadata says, and its link is the page itself
 * unless the data names another page of the same site (a review's `url` may point at the game's page
 * or the home page: those are not the review).
 */
function completeFromPage(page: PageContext, review: ExtractedReview): ExtractedReview {
  const names = siteNameVariants(page).map(comparableText);
  if (!names.includes(comparableText(review.outlet))) return review;
  const canonical = canonicalLink(page);
  return {
    outlet: review.outlet,
    logo: review.logo ?? siteLogo(page),
    author: review.author ?? metaText(page, 'author'),
    rawScore: review.rawScore,
    scale: review.scale,
    rating: review.rating,
    snippet:
      review.snippet ?? snippetOf(metaText(page, 'og:description', 'description', 'twitter:description')),
    link: isLinkToThisReview(review.link, canonical) ? review.link : canonical,
    platform: review.platform,
    publishedAt: review.publishedAt ?? publicationDate(page, null),
  };
}

/** A review's own link is kept only when it names this page (or a page of another host, a syndicated copy). */
function isLinkToThisReview(link: string | null, canonical: string): link is string {
  if (!link) return false;
  const strip = (url: string) => url.replace(/[#?].*$/, '').replace(/\/$/, '');
  if (strip(link) === strip(canonical)) return true;
  return siteHost(link) !== siteHost(canonical);
}
