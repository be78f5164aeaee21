import { comparableText, elementText } from '../html/html-text.js';
import { hasType } from '../html/json-ld.js';
import { canonicalLink, metaText, siteNameVariants, type PageContext } from '../html/page-metadata.js';
import { siteHost } from '../html/page-url.js';
import type { ExtractedReview } from './extracted-review.js';

/** 'Los 25 mejores juegos de 2025', 'Top 10 RPGs', 'Ranking: ...', 'The 50 best games of the year'. */
const LIST_TITLE =
  /(^|[^\p{L}])((los|las|the)\s+)?\d{1,3}\s+(mejores|peores|best|greatest|worst|juegos|games)\b|\b(top\s*\d{1,3}|ranking|mejores juegos|best games|clasificaci[oó]n)\b/iu;

/**
 * Whether the page is a ranking or a list of games (a JSON-LD ItemList of the page, or a title that says
 * so): its numbers are positions, not scores of a review.
 */
export function isListPage(page: PageContext): boolean {
  const itemList = page.jsonLd.nodes.some(
    (node) =>
      hasType(node, 'ItemList') && !hasType(node, 'BreadcrumbList') && page.jsonLd.parentOf(node) === null,
  );
  if (itemList) return true;
  const title = metaText(page, 'og:title') ?? elementText(page.$('h1').first()) ?? '';
  return LIST_TITLE.test(title) || LIST_TITLE.test(elementText(page.$('head title').first()));
}

/**
 * On a list or ranking page a 'review' of the very site scraped is one of its list entries: refused.
 * Reviews of other outlets quoted by the page (a press round-up) stay.
 */
export function withoutSelfReviews(page: PageContext, reviews: ExtractedReview[]): ExtractedReview[] {
  const names = new Set(siteNameVariants(page).map(comparableText).filter(Boolean));
  // The page's own host and its canonical one (a saved or mirrored copy is still the site's page).
  const hosts = new Set([siteHost(page.pageUrl), siteHost(canonicalLink(page))].filter(Boolean));
  return reviews.filter((review) => {
    if (names.has(comparableText(review.outlet))) return false;
    return !(review.link && hosts.has(siteHost(review.link)));
  });
}
