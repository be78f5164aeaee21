import { parseDate } from '../dates/parse-date.js';
import { htmlToText } from '../html/html-text.js';
import { hasType, imageValue, textValue, type JsonLdNode } from '../html/json-ld.js';
import { dateReading, type PageContext } from '../html/page-metadata.js';
import { absoluteUrl } from '../html/page-url.js';
import { reviewScore, snippetOf, UNSCORED, type ExtractedReview } from './extracted-review.js';

/** schema.org types of a critic's review; UserReview is a player's and stays out. */
export const REVIEW_TYPES = ['Review', 'CriticReview', 'ReviewNewsArticle'];
const ORGANIZATION_TYPES = ['Organization', 'NewsMediaOrganization', 'Corporation', 'OnlineBusiness'];
const GAME_TYPES = ['VideoGame', 'VideoGameSeries', 'Game', 'SoftwareApplication', 'Product'];

/**
 * Reviews declared in JSON-LD: alone, in arrays, in an @graph or in a game's `review` list. `outlet`
 * is left empty when neither publisher nor an organisation author names it: the caller knows the site.
 */
export function jsonLdReviews(page: PageContext): ExtractedReview[] {
  const { jsonLd } = page;
  return jsonLd.nodes
    .filter((node) => hasType(node, ...REVIEW_TYPES) && !hasType(node, 'UserReview'))
    .map((node) => {
      const publisher = jsonLd.node(node.publisher);
      const authors = jsonLd.nodeList(node.author);
      const organizationAuthor = authors.find((author) => hasType(author, ...ORGANIZATION_TYPES));
      const people = [
        ...authors
          .filter((author) => !hasType(author, ...ORGANIZATION_TYPES))
          .map((author) => textValue(author.name)),
        ...(Array.isArray(node.author) ? node.author : [node.author]).filter(
          (author) => typeof author === 'string',
        ),
      ].filter((name): name is string => Boolean(name));
      const outletNode = publisher ?? organizationAuthor ?? null;
      // Some sites write the publisher as a bare name instead of an Organization.
      const outletName =
        textValue(outletNode?.name) ?? (typeof node.publisher === 'string' ? node.publisher : null);
      const rating = jsonLd.node(node.reviewRating);
      const mainEntity = jsonLd.node(node.mainEntityOfPage);
      const link =
        textValue(node.url) ??
        (mainEntity ? (textValue(mainEntity.url) ?? textValue(mainEntity['@id'])) : null);

      return {
        outlet: htmlToText(outletName ?? ''),
        logo: outletNode ? absoluteUrl(imageValue(jsonLd, outletNode.logo), page.baseUrl) : null,
        author: people.length ? people.map(htmlToText).join(', ') : null,
        ...(rating
          ? reviewScore(textValue(rating.ratingValue), {
              best: numberValue(rating.bestRating),
              worst: numberValue(rating.worstRating),
            })
          : UNSCORED),
        snippet: snippetOf(htmlToText(textValue(node.reviewBody) ?? textValue(node.description) ?? '')),
        link: absoluteUrl(link, page.baseUrl),
        platform: reviewedPlatform(page, node),
        publishedAt: parseDate(
          textValue(node.datePublished) ?? textValue(node.dateCreated),
          dateReading(page),
        ),
      };
    });
}

/** The platform of the reviewed game: itemReviewed.gamePlatform, else the game that lists the review. */
function reviewedPlatform(page: PageContext, review: JsonLdNode): string | null {
  const parent = page.jsonLd.parentOf(review);
  const games = [
    page.jsonLd.node(review.itemReviewed),
    parent && hasType(parent, ...GAME_TYPES) ? parent : null,
  ];
  for (const game of games) {
    const value = game?.gamePlatform;
    const platforms = (Array.isArray(value) ? value : [value])
      .map((platform) => textValue(platform) ?? textValue(page.jsonLd.node(platform)?.name))
      .filter((platform): platform is string => Boolean(platform));
    if (platforms.length) return platforms.map(htmlToText).join(', ');
  }
  return null;
}

/** bestRating and worstRating arrive as numbers or as text, sometimes with a decimal comma. */
function numberValue(value: unknown): number | undefined {
  const text = textValue(value);
  if (text === null) return undefined;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) ? number : undefined;
}
