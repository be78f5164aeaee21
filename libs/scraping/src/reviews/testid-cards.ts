import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import { parseDate } from '../dates/parse-date.js';
import { collapseWhitespace, elementText } from '../html/html-text.js';
import { hasNamePiece } from '../html/main-content.js';
import type { PageContext } from '../html/page-metadata.js';
import { absoluteUrl, siteHost } from '../html/page-url.js';
import { cleanAuthor, reviewScore, snippetOf, type ExtractedReview } from './extracted-review.js';
import type { ReviewRefusal } from './review-refusals.js';

/** The `data-testid` of each part of a critic-review card (Metacritic's current front end names them so). */
const SCORE_ID = /(^|[-_])score([-_]|$)/i;
const USER_ID = /(^|[-_])user([-_]|$)/i;
const OUTLET_ID = /publisher|publication|outlet/i;
const AUTHOR_ID = /author|critic-?name|reviewer/i;
const QUOTE_ID = /quote|snippet|excerpt|review-?body/i;
const DATE_ID = /date/i;
const PLATFORM_ID = /platform/i;
const LINK_ID = /link|read-?more|full-?review/i;
const BARE_NUMBER = /^\d{1,3}([.,]\d{1,2})?$/;
/** Metacritic's card as it really is: `data-testid="review-card"`, its score badge named only by its label. */
const CARD_ID = /^review-card$/i;
const HEADER_ID = /^review-card-header$/i;
/** 'Metascore 100 out of 100' is a critic's score; 'User score 9 out of 10' is a player's. */
const BADGE_LABEL =
  /^(metascore|critic score|user ?score)\s+(tbd|\d{1,3}(?:[.,]\d{1,2})?)(?:\s+out of\s+(\d{1,3}))?$/i;
const USER_BADGE = /^user ?score/i;

/**
 * Critic-review cards whose parts carry `data-testid` attributes: a card is the largest element around
 * a score that holds no other score, and it names an outlet. The outlet is the name printed on the card (GamesBeat), never the host
 * of its link (venturebeat.com). The cards read are removed from the page, so that the generic card
 * reader after this one does not read them a second time under a host-made name.
 */
export function testIdCards(page: PageContext & { refusals?: ReviewRefusal[] }): ExtractedReview[] {
  return [...labelledBadgeCards(page), ...scoreIdCards(page)];
}

/**
 * Metacritic's current cards: the outlet is the header's text after its score badge (GamesBeat, not the
 * link's venturebeat.com), the score is the badge's label ('Metascore 100 out of 100'). A card whose badge
 * says 'User score' is a player's review and is refused, as is one whose header links to a user profile.
 */
function labelledBadgeCards(page: PageContext & { refusals?: ReviewRefusal[] }): ExtractedReview[] {
  const { $ } = page;
  const cards = $('[data-testid]')
    .toArray()
    .filter((element) => CARD_ID.test(element.attribs['data-testid'] ?? ''));
  const reviews: ExtractedReview[] = [];
  for (const card of cards) {
    const scope = $(card);
    const header = byTestId(scope, HEADER_ID).first();
    const badge = scope
      .find('[aria-label], [title]')
      .toArray()
      .map((element) => collapseWhitespace(element.attribs['aria-label'] ?? element.attribs.title ?? ''))
      .map((label) => BADGE_LABEL.exec(label))
      .find((match) => match !== null);
    const headerLink = header.attr('href') ?? '';
    const byPlayer =
      (badge && USER_BADGE.test(badge[1])) || /^\/?user\//.test(headerLink.replace(/^https?:\/\/[^/]+/, ''));
    const badgeText = header.find('[aria-label], [title]').first().text();
    const outlet = collapseWhitespace(header.text().replace(collapseWhitespace(badgeText), ''));
    if (badge && byPlayer) {
      page.refusals?.push({
        reason: 'user-review',
        outlet: outlet || null,
        rawScore: badge[2],
        detail: `'${badge[0]}' es la nota de un jugador${outlet ? ` (${outlet})` : ''}, no la de un medio`,
      });
    }
    if (!badge || byPlayer) continue;
    if (!outlet) continue;
    const value = badge[2];
    const dateElement = byTestId(scope, DATE_ID).first();
    reviews.push({
      outlet,
      logo: null,
      author: cleanAuthor(textOf(byTestId(scope, AUTHOR_ID).first())),
      ...reviewScore(/^tbd$/i.test(value) ? null : badge[3] ? `${value}/${badge[3]}` : value),
      snippet: snippetOf(textOf(byTestId(scope, QUOTE_ID).first())),
      link: reviewLink(page, scope),
      platform:
        textOf(byTestId(scope, PLATFORM_ID).first()) ??
        textOf(
          scope
            .find('[class]')
            .filter((_index, element) => hasNamePiece(element, /^platform$/))
            .first(),
        ),
      publishedAt: parseDate(textOf(dateElement), { locale: page.locale }),
    });
  }
  // Read once: the generic card reader after this one must not read them again under a host-made name.
  cards.forEach((card) => $(card).remove());
  return reviews;
}

/** Cards whose score element itself carries a `data-testid` naming it a score. */
function scoreIdCards(page: PageContext): ExtractedReview[] {
  const { $ } = page;
  const scores = $('[data-testid]')
    .toArray()
    .filter((element) => {
      const id = element.attribs['data-testid'] ?? '';
      return SCORE_ID.test(id) && !USER_ID.test(id);
    });
  const cards: Element[] = [];
  for (const score of scores) {
    // The card is the largest element around the score that holds no other score (its parent is the
    // list of cards, or the page's summary beside it); it must name an outlet.
    let card: Element | null = null;
    for (const ancestor of $(score).parents().toArray()) {
      if (ancestor.name === 'body' || byTestId($(ancestor), SCORE_ID).length > 1) break;
      card = ancestor;
    }
    if (card && byTestId($(card), OUTLET_ID).length > 0 && !cards.includes(card)) cards.push(card);
  }
  if (cards.length === 0) return [];

  const raws = cards.map((card) => textOf(byTestId($(card), SCORE_ID).first()));
  // Aggregators print critic scores out of 100; a page where a bare score exceeds 10 says so for all.
  const best = raws.some((raw) => raw !== null && BARE_NUMBER.test(raw) && Number(raw.replace(',', '.')) > 10)
    ? 100
    : undefined;
  const reviews = cards.map((card, index): ExtractedReview => {
    const scope = $(card);
    const raw = raws[index];
    const outletElement = byTestId(scope, OUTLET_ID).first();
    const outlet = textOf(outletElement) ?? outletElement.find('img[alt]').attr('alt')?.trim() ?? '';
    const dateElement = byTestId(scope, DATE_ID).first();
    return {
      outlet,
      logo: absoluteUrl(scope.find('img').first().attr('src'), page.baseUrl),
      author: cleanAuthor(textOf(byTestId(scope, AUTHOR_ID).first())),
      ...reviewScore(raw, raw !== null && BARE_NUMBER.test(raw) && best ? { best, worst: 0 } : undefined),
      snippet: snippetOf(textOf(byTestId(scope, QUOTE_ID).first())),
      link: reviewLink(page, scope),
      platform: textOf(byTestId(scope, PLATFORM_ID).first()),
      publishedAt: parseDate(
        dateElement.find('time[datetime]').attr('datetime') ??
          dateElement.attr('datetime') ??
          textOf(dateElement),
        { locale: page.locale },
      ),
    };
  });
  cards.forEach((card) => $(card).remove());
  return reviews;
}

/** The card's link to the review: the one marked as such, else the first link to another site. */
function reviewLink(page: PageContext, scope: Cheerio<Element>): string | null {
  const marked = byTestId(scope, LINK_ID)
    .toArray()
    .map((element) => element.attribs.href ?? page.$(element).find('a[href]').attr('href'))
    .map((href) => absoluteUrl(href, page.baseUrl))
    .find(Boolean);
  if (marked) return marked;
  const pageHost = siteHost(page.pageUrl);
  return (
    scope
      .find('a[href]')
      .toArray()
      .map((element) => absoluteUrl(element.attribs.href, page.baseUrl))
      .find((url) => url !== null && siteHost(url) !== pageHost) ?? null
  );
}

function byTestId(scope: Cheerio<Element>, pattern: RegExp): Cheerio<Element> {
  return scope
    .find('[data-testid]')
    .filter((_index, element) => pattern.test(element.attribs['data-testid'] ?? ''));
}

function textOf(element: Cheerio<Element>): string | null {
  const text = element.length ? elementText(element) : '';
  return text || null;
}
