import { looksLikeAppShell } from '../news/main-content.util.js';
import { comparableText } from '../news/html-text.util.js';
import {
  canonicalLink,
  metaText,
  publicationDate,
  readPage,
  siteLogo,
  siteName,
  siteNameVariants,
  type PageContext,
} from '../news/page-metadata.util.js';
import { deduplicateReviews, snippetOf, type ExtractedReview } from './extracted-review.js';
import { jsonLdReviews } from './json-ld-reviews.js';
import { microdataReviews } from './microdata-reviews.js';
import { reviewCards } from './review-cards.js';
import { visibleReview } from './visible-review.js';

export type { ExtractedReview } from './extracted-review.js';

/**
 * The critic reviews a page shows: schema.org Reviews (JSON-LD and microdata), the review cards of an
 * aggregator's critic-reviews page, or, when there are neither, the outlet's own review as displayed.
 * Scores are normalised to 0-100 with `normalizeScore`; the same review found twice is kept once.
 */
export function extractReviews(html: string, pageUrl: string): ExtractedReview[] {
  const page = readPage(html, pageUrl);
  // A site may declare its review both in JSON-LD and in microdata: that is still one review.
  const structured = deduplicateReviews(
    [...jsonLdReviews(page), ...microdataReviews(page)].map((review) => withOutlet(page, review)),
  );
  const cards = reviewCards(page);

  if (structured.length === 1 && cards.length === 0) return [completeFromPage(page, structured[0])];
  const reviews = deduplicateReviews([...structured, ...cards]);
  if (reviews.length > 0) return reviews;

  const visible = visibleReview(page);
  return visible ? [visible] : [];
}

/**
 * Whether the page must be rendered in a browser before reading it: no review could be read and the
 * HTML is a client-side shell (an empty framework mount point or a body with almost no text).
 */
export function reviewsNeedBrowser(html: string): boolean {
  if (extractReviews(html, 'http://localhost/').length > 0) return false;
  return looksLikeAppShell(readPage(html, 'http://localhost/').$);
}

/** A structured review that does not name its outlet was published by the site itself. */
function withOutlet(page: PageContext, review: ExtractedReview): ExtractedReview {
  if (review.outlet) return review;
  return { ...review, outlet: siteName(page), logo: review.logo ?? siteLogo(page) };
}

/**
 * The only review on a page published by the site itself is the page: what its structured data leaves
 * out (link, date, logo, snippet, author) the page's own metadata says.
 */
function completeFromPage(page: PageContext, review: ExtractedReview): ExtractedReview {
  const names = siteNameVariants(page).map(comparableText);
  if (!names.includes(comparableText(review.outlet))) return review;
  return {
    outlet: review.outlet,
    logo: review.logo ?? siteLogo(page),
    author: review.author ?? metaText(page, 'author'),
    rawScore: review.rawScore,
    scale: review.scale,
    rating: review.rating,
    snippet:
      review.snippet ?? snippetOf(metaText(page, 'og:description', 'description', 'twitter:description')),
    link: review.link ?? canonicalLink(page),
    platform: review.platform,
    publishedAt: review.publishedAt ?? publicationDate(page, null),
  };
}
