import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { parseDate } from './date-parse.util.js';
import { comparableText, elementText, htmlToText } from './html-text.util.js';
import {
  hasType,
  imageValue,
  readJsonLd,
  textValue,
  type JsonLdGraph,
  type JsonLdNode,
} from './json-ld.util.js';
import { absoluteUrl, documentBaseUrl, readableHostName, withoutTracking } from './page-url.util.js';

/** A parsed page and what both extractors read from its head. */
export interface PageContext {
  $: CheerioAPI;
  pageUrl: string;
  /** Base for relative URLs (the page URL or `<base href>`). */
  baseUrl: string;
  jsonLd: JsonLdGraph;
  /** `<meta>` contents by lower-cased property, name or itemprop; the first non-empty wins. */
  meta: ReadonlyMap<string, string>;
}

export const ARTICLE_TYPES = [
  'NewsArticle',
  'Article',
  'BlogPosting',
  'ReportageNews',
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
export function readPage(html: string, pageUrl: string): PageContext {
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
  return { $, pageUrl, baseUrl: documentBaseUrl($, pageUrl), jsonLd: readJsonLd($), meta };
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
  return (
    metaText(page, 'og:site_name') ??
    (publisherName ? htmlToText(publisherName) || null : null) ??
    metaText(page, 'application-name', 'apple-mobile-web-app-title') ??
    nameInTitle(page) ??
    readableHostName(page.pageUrl)
  );
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
  const words = title.slice(last.index + last[0].length).split(' ');
  for (let count = 1; count <= words.length; count++) {
    const candidate = words.slice(0, count).join(' ');
    if (comparableText(candidate) === host) return candidate;
  }
  return null;
}

/** Every spelling of the outlet's name the page offers, for recognising it in a title suffix. */
export function siteNameVariants(page: PageContext): string[] {
  const publisher = publisherNode(page);
  const names = [
    metaText(page, 'og:site_name'),
    publisher ? textValue(publisher.name) : null,
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

  const candidates: (string | null | undefined)[] = [
    page.meta.get('article:published_time'),
    page.meta.get('og:published_time'),
    jsonLdDate,
    ...(content ? timeIn(content) : []),
    ...timeIn($('article')),
    ...DATE_META_KEYS.map((key) => page.meta.get(key)),
    ...itemprop,
    ...timeIn($.root()),
  ];
  for (const candidate of candidates) {
    const date = parseDate(candidate);
    if (date) return date;
  }

  // Spanish outlets often print only '12 de marzo de 2025' in a byline.
  const datedElements = $(
    '[class*="date" i], [class*="fecha" i], [class*="time" i], time, [class*="byline" i]',
  );
  for (const element of datedElements.toArray()) {
    const date = parseDate($(element).text());
    if (date) return date;
  }
  return content ? parseDate(content.text().slice(0, 2000)) : null;
}
