import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { collapseWhitespace, comparableText, elementText } from './html-text.js';

/** Shorter paragraphs are bylines, credits, 'Leer más' links... never the text of the article. */
export const MIN_PARAGRAPH_LENGTH = 40;

/** Elements that never hold the article's text. */
const STRUCTURAL_BOILERPLATE = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'button',
  'select',
  'nav',
  'aside',
  'footer',
  'figcaption',
  'dialog',
  '[role="navigation"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[hidden]',
  '[aria-hidden="true"]',
].join(', ');

/** Class or id fragments of cookie walls, newsletter boxes, share bars, related links, comments... */
const BOILERPLATE_FRAGMENTS = [
  'cookie',
  'consent',
  'gdpr',
  'banner',
  'newsletter',
  'subscri',
  'suscri',
  'related',
  'relacionad',
  'share',
  'sharing',
  'compartir',
  'social',
  'comment',
  'comentario',
  'promo',
  'sponsor',
  'patrocin',
  'breadcrumb',
  'paywall',
  'popup',
  'outbrain',
  'taboola',
  'most-read',
  'mas-leid',
];
/** 'ad' is matched as a whole piece of a class ('ad-slot', 'top_ads'), never inside 'header' or 'read'. */
const ADVERTISING_PIECES = new Set([
  'ad',
  'ads',
  'adv',
  'advert',
  'adverts',
  'advertising',
  'advertisement',
  'adsbygoogle',
  'adslot',
  'adunit',
  'publicidad',
  'publi',
  'dfp',
  'gpt',
]);
/** Class pieces of bylines, dates, captions and tag lists inside the article. */
const ARTICLE_META_PIECES = new Set([
  'byline',
  'author',
  'authors',
  'autor',
  'autores',
  'firma',
  'date',
  'fecha',
  'dateline',
  'timestamp',
  'meta',
  'caption',
  'credit',
  'credits',
  'pie',
  'epigrafe',
  'tags',
  'etiquetas',
]);
/** Content holders the cleaning must never remove, whatever their classes say. */
const PROTECTED = 'article, main, [itemprop="articleBody"], h1';

const BODY_SELECTORS = [
  '[itemprop="articleBody"]',
  '.article-body',
  '.article__body',
  '.articleBody',
  '.article-content',
  '.article__content',
  '.article-text',
  '.entry-content',
  '.post-content',
  '.post-body',
  '.story-body',
  '.content-body',
  '.news-body',
  '.news-content',
  '.td-post-content',
  '.cuerpo',
  '.cuerpo-noticia',
  '.cuerpo-articulo',
  '.articulo-cuerpo',
  '.noticia-cuerpo',
  '.texto-noticia',
  '#article-body',
  '#articleBody',
  'article',
].join(', ');

const BYLINE =
  /^(por|by|escrito por|written by)\s+\p{Lu}[\p{L}.'’-]*(\s+(\p{Lu}[\p{L}.'’-]*|de|del|y|and|la))*\s*([,|·•–-]|$)/u;
const META_LINE =
  /^(publicado|actualizado|modificado|updated|published|posted|foto|imagen|image|fuente|source|vía|via|créditos?)\b[^.]{0,80}$/i;
/**
 * What sites put in the article's own element without telling it apart by class: cookie and privacy
 * notices, newsletter and paywall prompts, 'related articles' lines, the author's bio. Only short
 * paragraphs are judged by their words, so an article about a newsletter keeps its text.
 */
const BOILERPLATE_TEXT = [
  /\b(utilizamos|usamos) cookies\b|\bcookies (propias|de terceros)\b|\bwe use cookies\b|\bcookie (settings|policy)\b/i,
  /\bpol[ií]tica de (privacidad|cookies)\b|\bprivacy policy\b|\btratamiento de (tus|sus) datos\b/i,
  /\bnewsletter\b|\bsuscr[ií]bete\b|\bsign up (to|for) our\b|\bsubscribe (now|today|to (continue|keep) reading)\b/i,
  /\b(exclusivo para (suscriptores|socios)|hazte socio|sigue leyendo con|contin[uú]a leyendo|unlimited access|to continue reading)\b/i,
  // Argentine and Uruguayan paywalls speak with 'vos': 'Conocé nuestros planes', '¿Ya sos suscriptor?'.
  /\b(conoc[eé] nuestros planes|sos suscriptor|eres suscriptor|ya sos suscriptor|suscribite|registrate gratis|hemos incorporado el registro)\b/i,
  /^(art[ií]culos|noticias|contenidos?) relacionad[oa]s\b|^(related|more)( stories| articles)?\s*:/i,
  /^\p{Lu}[\p{L}.'’-]+(\s+\p{Lu}[\p{L}.'’-]+){0,3} (es|is) (un[ao]? |an? )?(redactora?|periodista|editora?|colaboradora?|staff writer|senior writer|writer|journalist|freelance)\b/u,
];
const MAX_BOILERPLATE_TEXT = 320;
/** A dateline standing as a paragraph: 'Jueves, 9 de febrero del 2017 - 10:28 CET'. */
const DATE_LINE =
  /^(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+[\p{L}\d ,.]{3,30}\d{4}(\s*[-–—|,]?\s*\d{1,2}[:.]\d{2}(\s*h)?(\s*[A-Z]{2,5})?)?$/iu;
const READ_ALSO =
  /^(lee también|leer más|lee más|te puede interesar|también te puede interesar|te recomendamos|más información|read more|read also|related|see also|relacionad[oa]s?)\b/i;

/** Removes navigation, headers, footers, asides, cookie banners, ads... in place. */
export function removeBoilerplate($: CheerioAPI): void {
  const removable = (element: Element) =>
    $(element).find(PROTECTED).length === 0 && !$(element).is(PROTECTED);
  $<Element, string>(STRUCTURAL_BOILERPLATE)
    .toArray()
    .filter(removable)
    .forEach((element) => $(element).remove());
  // A page header keeps its place only when it holds the headline (articles put their h1 there).
  $('header')
    .toArray()
    .filter((element) => $(element).find('h1').length === 0 && $(element).closest('article').length === 0)
    .forEach((element) => $(element).remove());
  $('[class], [id]')
    .toArray()
    .filter((element) => isBoilerplateName(element) && removable(element))
    .forEach((element) => $(element).remove());
}

/** Whether an element's classes or id mark it as a cookie banner, ad, share bar, related box... */
export function isBoilerplateName(element: Element): boolean {
  return (
    nameTokens(element).some((token) => BOILERPLATE_FRAGMENTS.some((fragment) => token.includes(fragment))) ||
    namePieces(element).some((piece) => ADVERTISING_PIECES.has(piece))
  );
}

interface ElementNames {
  tokens: string[];
  pieces: string[];
}
/** Class names never change while a page is read; the cleaning and the card search ask for them often. */
const namesCache = new WeakMap<Element, ElementNames>();

function elementNames(element: Element): ElementNames {
  let names = namesCache.get(element);
  if (!names) {
    const tokens = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`
      .split(/\s+/)
      .filter(Boolean)
      .map((token) => token.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase());
    const pieces = tokens.flatMap((token) => token.split(/[-_]+/)).map((piece) => comparableText(piece));
    names = { tokens, pieces };
    namesCache.set(element, names);
  }
  return names;
}

/** Class names and id of an element, lower case, camelCase split with hyphens ('articleMeta' → 'article-meta'). */
export function nameTokens(element: Element): readonly string[] {
  return elementNames(element).tokens;
}

/** The words of an element's class names and id: 'c-siteReview_quote' gives c, site, review, quote. */
export function namePieces(element: Element): readonly string[] {
  return elementNames(element).pieces;
}

/** Whether a word of the element's class names or id matches the pattern. */
export function hasNamePiece(element: Element, pieces: RegExp): boolean {
  return namePieces(element).some((piece) => pieces.test(piece));
}

/**
 * The element holding the article's text: the best of `<article>`, `[itemprop=articleBody]` and the
 * usual body classes (most paragraph text wins, so teaser `<article>` cards lose to the real one), else
 * the element whose paragraphs carry the most text. Call after `removeBoilerplate`.
 */
export function findMainContent($: CheerioAPI): Cheerio<Element> | null {
  let best: { element: Element; score: number } | null = null;
  for (const element of $<Element, string>(BODY_SELECTORS).toArray()) {
    const score = paragraphTexts($, $(element)).reduce((total, text) => total + text.length, 0);
    if (score > 0 && (!best || score > best.score)) best = { element, score };
  }
  if (best) return $(best.element);

  // Readability's idea: a paragraph counts fully for its parent and half for its grandparent.
  const scores = new Map<Element, number>();
  for (const paragraph of $('body p').toArray()) {
    const text = paragraphText($, paragraph);
    if (!text) continue;
    const parent = paragraph.parent?.type === 'tag' ? paragraph.parent : null;
    if (parent) scores.set(parent, (scores.get(parent) ?? 0) + text.length);
    const grandparent = parent?.parent?.type === 'tag' ? parent.parent : null;
    if (grandparent) scores.set(grandparent, (scores.get(grandparent) ?? 0) + text.length / 2);
  }
  const [densest] = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  return densest ? $(densest[0]) : null;
}

/** The real paragraphs under a root, in order, without duplicates. */
export function paragraphTexts($: CheerioAPI, root: Cheerio<Element>): string[] {
  const texts: string[] = [];
  for (const paragraph of root.find('p').toArray()) {
    const text = paragraphText($, paragraph, root[0]);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts;
}

/** A paragraph's text if it is part of the article: long enough, not a caption, byline or 'read also'. */
function paragraphText($: CheerioAPI, paragraph: Element, root?: Element): string | null {
  const text = elementText($(paragraph));
  if (text.length < MIN_PARAGRAPH_LENGTH) return null;
  if (BYLINE.test(text) && text.length < 120) return null;
  if (META_LINE.test(text) || READ_ALSO.test(text) || DATE_LINE.test(text)) return null;
  if (text.length <= MAX_BOILERPLATE_TEXT && BOILERPLATE_TEXT.some((pattern) => pattern.test(text)))
    return null;
  for (let node: Element | null = paragraph; node && node !== root;) {
    if (node.name === 'figure' || node.name === 'figcaption' || node.name === 'address') return null;
    // Embedded posts are someone else's words; quotes inside the article are kept.
    if (node.name === 'blockquote' && /tweet|instagram|tiktok|embed/i.test(node.attribs.class ?? ''))
      return null;
    if (
      nameTokens(node).some((token) => token.split(/[-_]+/).some((piece) => ARTICLE_META_PIECES.has(piece)))
    ) {
      return null;
    }
    node = node.parent?.type === 'tag' ? node.parent : null;
  }
  return text;
}

/** Whether the document body holds at least one real paragraph (call after `removeBoilerplate`). */
export function hasRealParagraphs($: CheerioAPI): boolean {
  return $('body p')
    .toArray()
    .some((paragraph) => paragraphText($, paragraph) !== null);
}

/** Visible text length of the body, scripts excluded: an app shell has almost none. */
export function bodyTextLength($: CheerioAPI): number {
  return collapseWhitespace(elementText($('body'))).length;
}

/** Mount points that front-end frameworks fill on the client. */
const APP_MOUNT_POINTS =
  '#root, #app, #__next, #__nuxt, #___gatsby, [data-reactroot], app-root, [ng-version]';

/**
 * Whether the page is a client-rendered shell: a framework mount point with no text in it, or a body
 * with almost no visible text.
 */
export function looksLikeAppShell($: CheerioAPI): boolean {
  const emptyMount = $(APP_MOUNT_POINTS)
    .toArray()
    .some((element) => elementText($(element)).length < 50);
  return emptyMount || bodyTextLength($) < 200;
}
