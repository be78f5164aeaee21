import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import { parseDate } from '../dates/parse-date.js';
import { elementText } from '../html/html-text.js';
import { hasNamePiece, nameTokens } from '../html/main-content.js';
import { dateReading, type PageContext } from '../html/page-metadata.js';
import { absoluteUrl, readableHostName, siteHost } from '../html/page-url.js';
import type { ScoreScaleHint } from '../scores/normalize-score.js';
import { cleanAuthor, reviewScore, snippetOf, type ExtractedReview } from './extracted-review.js';

/** Pieces of class names ('c-siteReview_quote' gives c, site, review, quote) naming each part of a card. */
export const SCORE_PIECES =
  /^(score|scores|metascore|nota|notas|puntuacion|puntuaciones|rating|ratings|grade|valoracion|calificacion|verdict|veredicto)$/;
/** Player scores sit next to critic scores on many pages; they are not the outlet's. */
export const USER_SCORE_PIECES =
  /^(user|users|usuario|usuarios|lector|lectores|reader|readers|community|comunidad|votes?|votos?|promedio|average)$/;
const OUTLET_PIECES = /^(publisher|outlet|publication|medio|source)$/;
const AUTHOR_PIECES = /^(author|autor|byline|reviewer|firma)$/;
const QUOTE_PIECES = /^(quote|snippet|excerpt|summary|blurb|cita|extracto|resumen)$/;
const DATE_PIECES = /^(date|fecha|published)$/;
const PLATFORM_PIECES = /^(platform|platforms|plataforma|plataformas)$/;
const LOGO_PIECES = /^(logo|logotipo)$/;
/** What a score looks like when it stands alone in its element. */
const SCORE_TEXT = /^(\d{1,3}([.,]\d{1,2})?(\s*\/\s*\d{1,3})?\s*%?|[A-DF]\s?[+\-−]?|tbd|tba|n\/a)$/i;
const BARE_NUMBER = /^\d{1,3}([.,]\d{1,2})?$/;
/** A badge's tooltip often states the scale: 'Metascore 90 out of 100', 'Nota: 8 sobre 10'. */
const SCALE_IN_LABEL = /\d(?:[.,]\d+)?\s*(?:out of|de|sobre|\/)\s*(\d{1,3})\b/i;
const READ_MORE =
  /read more|read review|full review|leer m[aá]s|seguir leyendo|leer (el )?an[aá]lisis|ver (el )?an[aá]lisis|leer (la )?(review|cr[ií]tica)|ir a la/i;
/** Share buttons are outbound links too, but never the review. */
const SOCIAL_HOSTS =
  /(^|\.)(twitter\.com|x\.com|facebook\.com|linkedin\.com|reddit\.com|whatsapp\.com|t\.me|pinterest\.com|threads\.net|bsky\.app)$/;

/** A card candidate: the element, its outbound links, its score badges. */
interface CardParts {
  element: Element;
  scoreElements: Element[];
  links: string[];
}

/**
 * Review cards of an aggregator's critic-reviews page: repeated sibling elements (same tag and first
 * class) of which at least two hold a score badge and a link to another site. Metacritic's
 * `div.c-siteReview` is one such structure; nothing here depends on its class names.
 */
export function reviewCards(page: PageContext): ExtractedReview[] {
  const { $ } = page;
  const accepted = new Set<Element>();
  const reviews: ExtractedReview[] = [];
  const linksInside = outboundLinksByElement(page);

  for (const parent of $('body, body *').toArray()) {
    if (accepted.has(parent) || isInside(parent, accepted)) continue;
    for (const siblings of repeatedChildren(parent)) {
      const withLinks = siblings
        .map((element) => ({ element, links: linksInside.get(element) ?? [] }))
        .filter((candidate) => candidate.links.length > 0);
      // Scores are looked for only where links were found: most repeated siblings are menus and lists.
      if (withLinks.length < 2) continue;
      const cards = withLinks.map((candidate) => ({
        ...candidate,
        scoreElements: scoreElements(page, $(candidate.element)),
      }));
      // A card holds one review: a member with several scores is a column of cards, looked at deeper.
      if (cards.some((card) => card.scoreElements.length > 1)) continue;
      if (cards.filter((card) => card.scoreElements.length === 1).length < 2) continue;

      siblings.forEach((element) => accepted.add(element));
      reviews.push(...readCards(page, cards));
    }
  }
  return reviews;
}

/**
 * For every element, the links to other sites inside it (share buttons excepted), in document order.
 * Computed once from the links upwards, so that testing thousands of sibling groups stays cheap.
 */
function outboundLinksByElement(page: PageContext): Map<Element, string[]> {
  const pageHosts = new Set([siteHost(page.pageUrl), siteHost(page.baseUrl)]);
  const byElement = new Map<Element, string[]>();
  for (const link of page.$('body a[href]').toArray()) {
    const url = absoluteUrl(link.attribs.href, page.baseUrl);
    const host = url ? siteHost(url) : null;
    if (!url || host === null || pageHosts.has(host) || SOCIAL_HOSTS.test(host)) continue;
    for (let node: Element | null = link; node; node = node.parent?.type === 'tag' ? node.parent : null) {
      const links = byElement.get(node);
      if (links) links.push(url);
      else byElement.set(node, [url]);
    }
  }
  return byElement;
}

/** Children grouped by tag and first class, groups of two or more, in document order. */
function repeatedChildren(parent: Element): Element[][] {
  const groups = new Map<string, Element[]>();
  for (const child of parent.children) {
    if (child.type !== 'tag') continue;
    const firstClass = (child.attribs.class ?? '').trim().split(/\s+/)[0] ?? '';
    const signature = `${child.name}.${firstClass}`;
    groups.set(signature, [...(groups.get(signature) ?? []), child]);
  }
  return [...groups.values()].filter((group) => group.length >= 2);
}

/**
 * The innermost elements named like a score whose text looks like one; without any, a lone leaf
 * holding only a number (an unnamed badge).
 */
function scoreElements(page: PageContext, scope: Cheerio<Element>): Element[] {
  const { $ } = page;
  const named = scope
    .find('[class], [id]')
    .toArray()
    .filter(
      (element) =>
        hasNamePiece(element, SCORE_PIECES) &&
        !hasNamePiece(element, USER_SCORE_PIECES) &&
        SCORE_TEXT.test(elementText($(element))),
    );
  const innermost = named.filter(
    (element) => !named.some((other) => other !== element && contains(element, other)),
  );
  if (innermost.length) return innermost;
  const leaves = scope
    .find('*')
    .toArray()
    .filter(
      (element) =>
        element.children.every((child) => child.type !== 'tag') &&
        /^\d{1,3}([.,]\d)?(\/\d{1,3})?%?$/.test(elementText($(element))) &&
        $(element).closest('time, a, [class*="date" i], [class*="count" i]').length === 0,
    );
  return leaves.length === 1 ? leaves : [];
}

function readCards(page: PageContext, cards: CardParts[]): ExtractedReview[] {
  const { $ } = page;
  const raws = cards.map((card) => (card.scoreElements[0] ? elementText($(card.scoreElements[0])) : null));
  // On a page where some bare score exceeds 10 every bare score is out of 100 (Metacritic's 9 is 9/100).
  const groupBest = raws.some(
    (raw) => raw !== null && BARE_NUMBER.test(raw) && Number(raw.replace(',', '.')) > 10,
  )
    ? 100
    : undefined;

  return cards.map((card, index) => {
    const scope = $(card.element);
    const raw = raws[index];
    const statedBest = card.scoreElements[0] ? statedScale(card.scoreElements[0], card.element) : undefined;
    const best = statedBest ?? groupBest;
    const hint: ScoreScaleHint | undefined =
      raw !== null && BARE_NUMBER.test(raw) && best !== undefined ? { best, worst: 0 } : undefined;

    const link = card.links.find((url) => READ_MORE.test(linkText(page, scope, url))) ?? card.links[0];
    // Descendants with a class or id, in document order: each part of the card is one of them.
    const named = scope.find('[class], [id]').toArray();
    const outletElement = partOf(page, named, OUTLET_PIECES);
    // The logo may sit beside the name, in the wrapper that holds both.
    const outletArea = named.find((candidate) => hasNamePiece(candidate, OUTLET_PIECES));
    const outletLogo = outletArea ? $(outletArea).find('img').first() : null;
    const logoImage = outletLogo?.length ? outletLogo : scopeImage(scope);
    const linkLabel = linkText(page, scope, link);
    const outlet =
      (outletElement ? elementText(outletElement) : '') ||
      (logoImage?.attr('alt')?.trim() ?? '') ||
      (linkLabel && !READ_MORE.test(linkLabel) && linkLabel.length <= 40 ? linkLabel : '') ||
      readableHostName(link);
    const dateElement = scope.find('time[datetime]').first();
    const dateText = dateElement.length
      ? dateElement.attr('datetime')
      : textOf(partOf(page, named, DATE_PIECES));
    const quote = textOf(partOf(page, named, QUOTE_PIECES)) ?? longestParagraph(page, scope);

    return {
      outlet,
      logo: absoluteUrl(logoImage?.attr('src'), page.baseUrl),
      author: cleanAuthor(textOf(partOf(page, named, AUTHOR_PIECES) ?? criticName(page, named))),
      ...reviewScore(raw, hint),
      snippet: snippetOf(quote),
      link,
      platform: textOf(partOf(page, named, PLATFORM_PIECES)),
      publishedAt: parseDate(dateText, dateReading(page)),
    };
  });
}

/** The scale stated in a title or aria-label on the badge or around it, within the card. */
function statedScale(score: Element, card: Element): number | undefined {
  for (let node: Element | null = score; node; node = node.parent?.type === 'tag' ? node.parent : null) {
    const label = `${node.attribs.title ?? ''} ${node.attribs['aria-label'] ?? ''}`;
    const match = SCALE_IN_LABEL.exec(label);
    if (match) return Number(match[1]);
    if (node === card) break;
  }
  return undefined;
}

/**
 * The first descendant with a class or id piece matching the pattern and some text; of nested matches
 * the innermost, since a 'publisher' wrapper may also hold the date.
 */
function partOf(page: PageContext, named: Element[], pieces: RegExp): Cheerio<Element> | null {
  const matches = named.filter(
    (candidate) => hasNamePiece(candidate, pieces) && elementText(page.$(candidate)) !== '',
  );
  const element = matches.find(
    (match) => !matches.some((other) => other !== match && contains(match, other)),
  );
  return element ? page.$(element) : null;
}

/** Metacritic names the critic 'criticName'; 'critic' alone also names whole cards and outlets. */
function criticName(page: PageContext, named: Element[]): Cheerio<Element> | null {
  const element = named.find((candidate) =>
    nameTokens(candidate).some((token) => /critic-?name/.test(token)),
  );
  return element ? page.$(element) : null;
}

function scopeImage(scope: Cheerio<Element>): Cheerio<Element> | null {
  const image = scope
    .find('img')
    .toArray()
    .find((element) => hasNamePiece(element, LOGO_PIECES) || /logo/i.test(element.attribs.alt ?? ''));
  return image ? scope.find(image).first() : null;
}

function textOf(element: Cheerio<Element> | null): string | null {
  const text = element ? elementText(element) : '';
  return text || null;
}

function linkText(page: PageContext, scope: Cheerio<Element>, url: string): string {
  const link = scope
    .find('a[href]')
    .toArray()
    .find((element) => absoluteUrl(element.attribs.href, page.baseUrl) === url);
  return link ? elementText(page.$(link)) || (link.attribs.title ?? '') : '';
}

function longestParagraph(page: PageContext, scope: Cheerio<Element>): string | null {
  const texts = scope
    .find('p')
    .toArray()
    .map((element) => elementText(page.$(element)))
    .sort((a, b) => b.length - a.length);
  return texts[0] && texts[0].length >= 20 ? texts[0] : null;
}

function contains(ancestor: Element, node: Element): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

function isInside(node: Element, ancestors: ReadonlySet<Element>): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'tag' && ancestors.has(current)) return true;
  }
  return false;
}
