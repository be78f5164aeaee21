import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { countryTimeZone, parseDate } from '../dates/parse-date.js';
import { comparableText, elementText, htmlToText } from './html-text.js';
import { hasType, imageValue, readJsonLd, textValue, type JsonLdGraph, type JsonLdNode } from './json-ld.js';
import { absoluteUrl, documentBaseUrl, readableHostName, withoutTracking } from './page-url.js';

/** A parsed page and what both extractors read from its head. */
export interface PageContext {
  $: CheerioAPI;
  pageUrl: string;
  /** Base for relative URLs (the page URL or `<base href>`). */
  baseUrl: string;
  jsonLd: JsonLdGraph;
  /** `<meta>` contents by lower-cased property, name or itemprop; the first non-empty wins. */
  meta: ReadonlyMap<string, string>;
  /** The page's language and region ('es-ES', 'en-US'), which decides how '4/6/2016' reads; null if unsaid. */
  locale: string | null;
  /** When the page was fetched: 'hace 2 horas' counts from it. */
  now: Date;
  /** The outlet's zone from its country in the registry; null when the registry does not place it. */
  timeZone: string | null;
}

/** What the caller knows about the page beyond its HTML. */
export interface PageReadOptions {
  /** The fetch time (default: now). */
  now?: Date;
  /** The outlet's country as the registry records it ('AR'): its times without a zone are read there. */
  country?: string | null;
}

export const ARTICLE_TYPES = [
  'NewsArticle',
  'Article',
  'BlogPosting',
  'ReportageNewsArticle',
  'BackgroundNewsArticle',
  'AnalysisNewsArticle',
  'OpinionNewsArticle',
  'ReviewNewsArticle',
  'TechArticle',
  'Report',
  'LiveBlogPosting',
];
const ORGANIZATION_TYPES = ['Organization', 'NewsMediaOrganization', 'Corporation', 'OnlineBusiness'];
const PAGE_TYPES = ['WebPage', 'ItemPage', 'Review', 'CriticReview'];
/** Separators between a headline and the site name in `<title>` ('Título | Vandal', 'Título - IGN'). */
export const TITLE_SEPARATOR = /\s+[|\-–—·:»~]{1,2}\s+/g;

/** Parses the page; JSON-LD and meta are read now, before any extractor removes elements. */
export function readPage(html: string, pageUrl: string, options: PageReadOptions = {}): PageContext {
  const $ = load(html);
  const meta = new Map<string, string>();
  $('meta[content]').each((_index, element) => {
    const content = $(element).attr('content')?.trim();
    if (!content) return;
    for (const attribute of ['property', 'name', 'itemprop', 'http-equiv']) {
      const key = $(element).attr(attribute)?.trim().toLowerCase();
      if (key && !meta.has(key)) meta.set(key, content);
    }
  });
  return {
    $,
    pageUrl,
    baseUrl: documentBaseUrl($, pageUrl),
    jsonLd: readJsonLd($),
    meta,
    locale: pageLocale($, meta),
    now: options.now ?? new Date(),
    timeZone: countryTimeZone(options.country),
  };
}

/**
 * The page's locale: `og:locale` names the region most often ('en_US'), then `<html lang>`, then the
 * Content-Language meta. A bare language with a region elsewhere takes that region.
 */
function pageLocale($: CheerioAPI, meta: ReadonlyMap<string, string>): string | null {
  const candidates = [
    meta.get('og:locale'),
    $('html').attr('lang'),
    $('html').attr('xml:lang'),
    meta.get('content-language'),
    meta.get('language'),
  ]
    .map((value) => value?.split(',')[0]?.trim())
    .filter((value): value is string => Boolean(value && /^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i.test(value)));
  const language = (value: string) => value.slice(0, 2).toLowerCase();
  const first = candidates[0];
  if (!first) return null;
  return candidates.find((value) => value.length > 2 && language(value) === language(first)) ?? first;
}

/** The first of the meta keys that is present, as plain text. */
export function metaText(page: PageContext, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = page.meta.get(key);
    const text = value ? htmlToText(value) : '';
    if (text) return text;
  }
  return null;
}

/** The first of the meta keys that holds a usable URL, made absolute. */
export function metaUrl(page: PageContext, ...keys: string[]): string | null {
  for (const key of keys) {
    const url = absoluteUrl(page.meta.get(key), page.baseUrl);
    if (url) return url;
  }
  return null;
}

/** The page's main JSON-LD article node (NewsArticle, Article, BlogPosting...), if any. */
export function articleNode(page: PageContext): JsonLdNode | null {
  return page.jsonLd.nodes.find((node) => hasType(node, ...ARTICLE_TYPES)) ?? null;
}

/** The organisation publishing the page: the article's publisher, else a top-level Organization. */
function publisherNode(page: PageContext): JsonLdNode | null {
  const article = articleNode(page);
  const publisher = article ? page.jsonLd.node(article.publisher) : null;
  if (publisher) return publisher;
  return (
    page.jsonLd.nodes.find(
      (node) => page.jsonLd.parentOf(node) === null && hasType(node, ...ORGANIZATION_TYPES),
    ) ?? null
  );
}

/** The outlet's name: og:site_name, JSON-LD publisher, application-name, else a readable host. */
export function siteName(page: PageContext): string {
  const publisher = publisherNode(page);
  const publisherName = publisher ? textValue(publisher.name) : null;
  const names = [
    metaText(page, 'og:site_name'),
    publisherName ? htmlToText(publisherName) || null : null,
    microdataPublisher(page),
    metaText(page, 'publisher', 'application-name', 'apple-mobile-web-app-title'),
    nameInTitle(page),
  ].filter((name): name is string => Boolean(name));
  // 'www.diariolibre.com' in og:site_name is a host, not a name: a real name elsewhere on the page wins
  // ('Diario Libre' from the JSON-LD publisher); an outlet named by its domain (eldiario.es) keeps it.
  return names.find((name) => !HOST_LIKE.test(name)) ?? names[0] ?? readableHostName(page.pageUrl);
}

/** 'www.larazon.es', 'europapress.es', 'listindiario.com': a host name written where a name belongs. */
const HOST_LIKE = /^(www\.)?[\p{L}\d-]+(\.[\p{L}\d-]+)*\.[a-z]{2,6}$/iu;

/** `<div itemprop="publisher" itemscope itemtype="https://schema.org/Organization"><meta itemprop="name">`. */
function microdataPublisher(page: PageContext): string | null {
  const publisher = page.$('[itemprop~="publisher"]').first();
  if (!publisher.length) return null;
  const name = publisher.find('[itemprop~="name"]').first();
  const text = name.length ? (name.attr('content') ?? elementText(name)) : (publisher.attr('content') ?? '');
  return htmlToText(text) || null;
}

/**
 * The site's own spelling of its name when the `<title>` ends with it: 'Análisis ... - LaPS4 & Xbox' on
 * laps4.com gives 'LaPS4', better than the host's 'Laps4'.
 */
function nameInTitle(page: PageContext): string | null {
  const host = comparableText(readableHostName(page.pageUrl));
  const title = elementText(page.$('head title').first());
  const separators = [...title.matchAll(TITLE_SEPARATOR)];
  const last = separators.at(-1);
  if (!host || !last || last.index === undefined) return null;
  const suffix = title.slice(last.index + last[0].length).trim();
  const words = suffix.split(' ');
  for (let count = 1; count <= words.length; count++) {
    const candidate = words.slice(0, count).join(' ');
    if (comparableText(candidate) === host || shortensTo(candidate, host)) return candidate;
  }
  // After a bar ('… | GamesBeat') a short suffix names the site even when its host says otherwise;
  // 'Eurogamer.es' on eurogamer.es is the host's name with its domain, which the host gives better.
  const shortSuffix = words.length <= 3 && suffix.length <= 30 && !comparableText(suffix).includes(host);
  if (last.index > 0 && last[0].trim() === '|' && shortSuffix) return suffix;
  return null;
}

/**
 * Whether a host is the name shortened the usual way: initials, then the last words whole ('The New York
 * Times' on nytimes.com, 'Los Angeles Times' on latimes.com). A leading 'The' is no initial.
 */
function shortensTo(name: string, host: string): boolean {
  const words = name.split(' ').map(comparableText).filter(Boolean);
  if (words[0] === 'the') words.shift();
  for (let initials = 2; initials < words.length; initials++) {
    const short =
      words
        .slice(0, initials)
        .map((word) => word[0])
        .join('') + words.slice(initials).join('');
    if (short === host) return true;
  }
  return false;
}

/** Every spelling of the outlet's name the page offers, for recognising it in a title suffix. */
export function siteNameVariants(page: PageContext): string[] {
  const publisher = publisherNode(page);
  const names = [
    metaText(page, 'og:site_name'),
    publisher ? textValue(publisher.name) : null,
    microdataPublisher(page),
    metaText(page, 'publisher'),
    metaText(page, 'application-name'),
    metaText(page, 'apple-mobile-web-app-title'),
    readableHostName(page.pageUrl),
    readableHostName(page.baseUrl),
  ];
  try {
    names.push(new URL(page.pageUrl).hostname.replace(/^www\./, ''));
  } catch {
    // An unparsable page URL simply offers no host to compare with.
  }
  return names.filter((name): name is string => Boolean(name));
}

/**
 * The outlet's logo: JSON-LD publisher logo, the largest apple-touch-icon, the best `rel=icon`
 * (PNG or SVG before ICO, larger first), else `/favicon.ico`, which browsers request by convention.
 */
export function siteLogo(page: PageContext): string | null {
  const publisher = publisherNode(page);
  const publisherLogo = publisher ? absoluteUrl(imageValue(page.jsonLd, publisher.logo), page.baseUrl) : null;
  if (publisherLogo) return publisherLogo;

  const { $ } = page;
  const icons = $('link[rel][href]')
    .toArray()
    .map((element) => {
      const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
      const href = absoluteUrl($(element).attr('href'), page.baseUrl);
      const type = ($(element).attr('type') ?? '').toLowerCase();
      const vector = type.includes('svg') || /\.svg(\?|$)/i.test(href ?? '');
      const raster = type.includes('png') || /\.png(\?|$)/i.test(href ?? '');
      return {
        href,
        apple: rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'),
        icon: rel.includes('icon'),
        preferredFormat: vector || raster,
        size: vector ? Number.MAX_SAFE_INTEGER : iconSize($(element).attr('sizes')),
      };
    })
    .filter((icon) => icon.href !== null);

  const apple = icons.filter((icon) => icon.apple).sort((a, b) => b.size - a.size)[0];
  if (apple) return apple.href;
  const icon = icons
    .filter((candidate) => candidate.icon)
    .sort((a, b) => Number(b.preferredFormat) - Number(a.preferredFormat) || b.size - a.size)[0];
  if (icon) return icon.href;
  try {
    return new URL('/favicon.ico', page.pageUrl).href;
  } catch {
    return null;
  }
}

/** The largest side in a `sizes` attribute ('32x32 192x192'); 0 when absent or 'any'. */
function iconSize(sizes: string | undefined): number {
  const sides = (sizes ?? '').match(/\d+(?=x\d+)/gi)?.map(Number) ?? [];
  return sides.length ? Math.max(...sides) : 0;
}

/** The link to share: canonical, og:url, else the page URL without fragment and tracking parameters. */
export function canonicalLink(page: PageContext): string {
  const canonical = absoluteUrl(page.$('link[rel~="canonical"][href]').first().attr('href'), page.baseUrl);
  return canonical ?? metaUrl(page, 'og:url') ?? withoutTracking(page.pageUrl);
}

/**
 * How a date on this page reads: its locale ('4/6/2016' is 6 April on an en-US page), the fetch time for
 * 'hace 2 horas', the outlet's zone. Every date the page prints, the article's or a review's, reads so.
 */
export const dateReading = (page: PageContext) => ({
  locale: page.locale,
  now: page.now,
  timeZone: page.timeZone,
});

/** Selectors for the visible publication date, most explicit first. */
const DATE_META_KEYS = [
  'date',
  'pubdate',
  'publishdate',
  'publish-date',
  'publish_date',
  'dc.date',
  'dc.date.issued',
  'dcterms.date',
  'dcterms.created',
  'sailthru.date',
  'parsely-pub-date',
];

/**
 * The publication date as ISO 8601: article:published_time, JSON-LD datePublished, a `<time datetime>`
 * in the content, date meta tags, itemprop=datePublished, and as a last resort a date written in words.
 */
export function publicationDate(page: PageContext, content: Cheerio<AnyNode> | null): string | null {
  const reading = dateReading(page);
  for (const candidate of dateCandidates(page, content)) {
    const date = parseDate(candidate, reading);
    if (date) return date;
  }
  return null;
}

/** Visible elements that print a date: bylines, `<time>` without datetime, `.publish_on`, `.fecha`... */
const DATED_ELEMENTS =
  'time, [class*="date" i], [class*="fecha" i], [class*="publish" i], [class*="posted" i], [class*="time" i], [class*="byline" i], [id*="date" i], [id*="fecha" i]';
/** A dated element is short; a long one is a container whose text is running prose. */
const MAX_DATED_TEXT = 200;

/**
 * The texts that may hold the publication date, most explicit first: article:published_time, JSON-LD
 * datePublished, a `<time datetime>` in the content, date meta tags, itemprop=datePublished, then the
 * text of short dated elements (Spanish outlets often print only '12 de marzo de 2025' or 'hace 2 horas'
 * in a byline). Running text is never searched: a game's release date there is not the article's, and
 * no date is better than a wrong one.
 */
export function* dateCandidates(page: PageContext, content: Cheerio<AnyNode> | null): Generator<string> {
  const { $ } = page;
  const article = articleNode(page);
  // Only the page's own nodes: a VideoGame's datePublished is its release date, not the article's.
  const jsonLdDate =
    (article ? textValue(article.datePublished) : null) ??
    page.jsonLd.nodes
      .filter((node) => hasType(node, ...PAGE_TYPES))
      .map((node) => textValue(node.datePublished))
      .find(Boolean) ??
    null;
  const timeIn = (scope: Cheerio<AnyNode>) =>
    scope
      .find('time[datetime]')
      .toArray()
      .map((element) => $(element).attr('datetime'));
  const itemprop = $('[itemprop="datePublished"]')
    .toArray()
    .map((element) => $(element).attr('content') ?? $(element).attr('datetime') ?? $(element).text());

  const explicit: (string | null | undefined)[] = [
    page.meta.get('article:published_time'),
    page.meta.get('og:published_time'),
    jsonLdDate,
    ...(content ? timeIn(content) : []),
    ...timeIn($('article')),
    ...DATE_META_KEYS.map((key) => page.meta.get(key)),
    ...itemprop,
    ...timeIn($.root()),
  ];
  for (const candidate of explicit) if (candidate) yield candidate;
  for (const element of $(DATED_ELEMENTS).toArray()) {
    const text = $(element).text();
    if (text.length <= MAX_DATED_TEXT) yield text;
  }
  // A byline with no telling class: 'Publicado el 5 de marzo de 2025, 16:00 · Sergio Martín'.
  for (const element of $('p, div, span, small, li, em').toArray()) {
    const text = elementText($(element));
    if (text.length <= MAX_DATED_TEXT && PUBLISHED_LINE.test(text)) yield text;
  }
}

/** The words that open a publication line. */
const PUBLISHED_LINE = /^(publicado|publicada|fecha de publicaci[oó]n|published|posted)\b/i;
