import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import { parseDate } from '../dates/parse-date.js';
import { elementText } from '../html/html-text.js';
import type { PageContext } from '../html/page-metadata.js';
import { absoluteUrl, siteHost } from '../html/page-url.js';
import { cleanAuthor, reviewScore, snippetOf, type ExtractedReview } from './extracted-review.js';

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

/**
 * Critic-review cards whose parts carry `data-testid` attributes: a card is the largest element around
 * a score that holds no other score, and it names an outlet. The outlet is the name printed on the card (GamesBeat), never the host
 * of its link (venturebeat.com). The cards read are removed from the page, so that the generic card
 * reader after this one does not read them a second time under a host-made name.
 */
export function testIdCards(page: PageContext): ExtractedReview[] {
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
