import type { Element } from 'domhandler';
import { parseDate } from '../dates/parse-date.js';
import { elementText } from '../html/html-text.js';
import { dateReading, type PageContext } from '../html/page-metadata.js';
import { absoluteUrl } from '../html/page-url.js';
import {
  reviewScore,
  snippetOf,
  UNSCORED,
  type ExtractedReview,
  type ReviewScore,
} from './extracted-review.js';

const REVIEW_ITEM_TYPE = /schema\.org\/(Review|CriticReview|ReviewNewsArticle)$/i;
const URL_ELEMENTS = new Set(['a', 'area', 'link']);
const SOURCE_ELEMENTS = new Set(['img', 'audio', 'video', 'source', 'embed', 'track', 'iframe']);

/** Reviews marked up with microdata (`itemscope itemtype="https://schema.org/Review"`). */
export function microdataReviews(page: PageContext): ExtractedReview[] {
  const { $ } = page;
  return $('[itemscope][itemtype]')
    .toArray()
    .filter((element) =>
      ($(element).attr('itemtype') ?? '').split(/\s+/).some((type) => REVIEW_ITEM_TYPE.test(type)),
    )
    .map((item) => {
      const [publisher] = itemProperties(page, item, 'publisher');
      const [rating] = itemProperties(page, item, 'reviewRating');
      const [game] = itemProperties(page, item, 'itemReviewed');
      const authors = itemProperties(page, item, 'author')
        .map((element) => nameOf(page, element))
        .filter((name): name is string => Boolean(name));
      const platforms = game
        ? itemProperties(page, game, 'gamePlatform')
            .map((element) => nameOf(page, element))
            .filter((name): name is string => Boolean(name))
        : [];

      return {
        outlet: publisher ? (nameOf(page, publisher) ?? '') : '',
        logo: publisher ? absoluteUrl(logoOf(page, publisher), page.baseUrl) : null,
        author: authors.length ? authors.join(', ') : null,
        ...scoreOf(page, rating),
        snippet: snippetOf(firstValue(page, item, 'reviewBody') ?? firstValue(page, item, 'description')),
        link: absoluteUrl(firstValue(page, item, 'url'), page.baseUrl),
        platform: platforms.length ? platforms.join(', ') : null,
        publishedAt: parseDate(
          firstValue(page, item, 'datePublished') ?? firstValue(page, item, 'dateCreated'),
          dateReading(page),
        ),
      };
    });
}

function scoreOf(page: PageContext, rating: Element | undefined): ReviewScore {
  if (!rating) return UNSCORED;
  // A reviewRating without its own scope carries the score as text ('8/10').
  if (!isScope(rating)) return reviewScore(propertyValue(page, rating));
  return reviewScore(firstValue(page, rating, 'ratingValue'), {
    best: numberOrUndefined(firstValue(page, rating, 'bestRating')),
    worst: numberOrUndefined(firstValue(page, rating, 'worstRating')),
  });
}

/** A person's or organisation's name: the nested item's `name`, else the element's own text. */
function nameOf(page: PageContext, element: Element): string | null {
  if (isScope(element)) return firstValue(page, element, 'name');
  return element.attribs.content?.trim() || elementText(page.$(element)) || null;
}

/** A publisher's logo: an ImageObject's url, or the logo property's own src/href/content. */
function logoOf(page: PageContext, publisher: Element): string | null {
  if (!isScope(publisher)) return null;
  const [logo] = itemProperties(page, publisher, 'logo');
  if (!logo) return null;
  return isScope(logo) ? firstValue(page, logo, 'url') : propertyValue(page, logo);
}

function firstValue(page: PageContext, scope: Element, name: string): string | null {
  const [first] = itemProperties(page, scope, name);
  return first ? propertyValue(page, first) : null;
}

function isScope(element: Element): boolean {
  return element.attribs.itemscope !== undefined;
}

/** The elements carrying a property of this item, not of the items nested in it. */
function itemProperties(page: PageContext, scope: Element, name: string): Element[] {
  const { $ } = page;
  return $(scope)
    .find('[itemprop]')
    .toArray()
    .filter((element) => {
      if (!($(element).attr('itemprop') ?? '').split(/\s+/).includes(name)) return false;
      for (let node = element.parent; node; node = node.parent) {
        if (node.type !== 'tag') return false;
        if (node.attribs.itemscope !== undefined) return node === scope;
      }
      return false;
    });
}

/** A property's value as the microdata rules read it (content, href, src, datetime, value, else text). */
function propertyValue(page: PageContext, element: Element): string | null {
  const attribute = (name: string) => element.attribs[name]?.trim() || null;
  const value =
    attribute('content') ??
    (URL_ELEMENTS.has(element.name) ? attribute('href') : null) ??
    (SOURCE_ELEMENTS.has(element.name) ? attribute('src') : null) ??
    (element.name === 'time' ? attribute('datetime') : null) ??
    (element.name === 'data' || element.name === 'meter' ? attribute('value') : null) ??
    elementText(page.$(element));
  return value || null;
}

function numberOrUndefined(text: string | null): number | undefined {
  if (text === null) return undefined;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) ? number : undefined;
}
