import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import { comparableText, elementText, htmlToText } from '../html/html-text.js';
import { imageValue, textValue, type JsonLdNode } from '../html/json-ld.js';
import {
  findMainContent,
  hasRealParagraphs,
  looksLikeAppShell,
  paragraphTexts,
  removeBoilerplate,
} from '../html/main-content.js';
import {
  articleNode,
  canonicalLink,
  metaText,
  metaUrl,
  publicationDate,
  readPage,
  siteLogo,
  type PageReadOptions,
  siteName,
  siteNameVariants,
  TITLE_SEPARATOR,
  type PageContext,
} from '../html/page-metadata.js';
import { absoluteUrl } from '../html/page-url.js';

/** A news article as Veredicto stores it (spec: News article), read from the outlet's page. */
export interface ExtractedArticle {
  title: string;
  /** Absolute URL of the lead image. */
  image: string | null;
  /** ISO 8601 timestamp (UTC). */
  publicationDate: string | null;
  /** The first three paragraphs of the article, plain text; '' when the page has fewer. */
  description: string;
  description2: string;
  description3: string;
  /** The outlet's name ('Vandal', 'HobbyConsolas'). */
  medium: string;
  /** Absolute URL of the outlet's logo or icon. */
  logo: string | null;
  /** The article's canonical URL. */
  link: string;
}

/** Images that decorate rather than illustrate the article, by class, alt text or file name. */
const DECORATIVE_IMAGE =
  /(^|[^a-z])(logo|logotipo|icon|icono|avatar|sprite|spacer|blank|placeholder|preload|badge|emoji|loading|spinner)([^a-z]|$)/i;
const MIN_IMAGE_WIDTH = 300;
const MIN_IMAGE_HEIGHT = 150;
/** The mark of a summary cut short ('...', '…', '[…]'). */
const ELLIPSIS = /(\s*(\.{3}|…)|\s*\[\s*(\.{3}|…)\s*\])$/;

/** What one parse of an article page gives: the article, and whether a browser should render it first. */
export interface ArticlePageReading {
  article: ExtractedArticle;
  needsBrowser: boolean;
}

/**
 * Reads a news article from an outlet's page (HTML as served, or as rendered by a browser), parsing it
 * once. Each field comes from the most explicit source the page offers: Open Graph, then JSON-LD, then
 * Twitter cards, then the visible page. Pure: never fetches anything. `needsBrowser` says the HTML is an
 * empty shell that only JavaScript fills (`<div id="root"></div>` and scripts): no real paragraph, and
 * either nothing to use as a title or the look of an app shell. A shell may carry server-rendered meta
 * tags for link previews and still have no article.
 */
export function readArticlePage(
  html: string,
  pageUrl: string,
  options: PageReadOptions = {},
): ArticlePageReading {
  const page = readPage(html, pageUrl, options);
  const article = articleNode(page);
  const siteNames = siteNameVariants(page);
  // The headline, lead image and date may sit in headers or figures that the cleaning below removes.
  const headline = articleHeadline(page, article, siteNames);
  const leadImage = headImage(page, article);
  // Lead figures often sit outside the body's element and the cleaning below may remove them.
  const figureImage = bodyImage(page, null);
  const date = publicationDate(page, null);
  // A `<title>` alone does not count: shells carry one ('Cargando…').
  const hasTitle = Boolean(
    metaText(page, 'og:title', 'twitter:title') ??
    (article ? textValue(article.headline) : null) ??
    elementText(page.$('h1').first()),
  );

  removeBoilerplate(page.$);
  const content = findMainContent(page.$);
  const paragraphs = paragraphTexts(page.$, content ?? page.$('body'));
  const descriptions = withSummaries(page, article, paragraphs);
  const realParagraphs = hasRealParagraphs(page.$);

  return {
    article: {
      title: headline,
      image: leadImage ?? (content ? bodyImage(page, content) : null) ?? figureImage,
      publicationDate: date,
      description: descriptions[0] ?? '',
      description2: descriptions[1] ?? '',
      description3: descriptions[2] ?? '',
      medium: siteName(page),
      logo: siteLogo(page),
      link: canonicalLink(page),
    },
    needsBrowser: !realParagraphs && (!hasTitle || looksLikeAppShell(page.$)),
  };
}

/** The article of a page (see `readArticlePage`). */
export function extractArticle(
  html: string,
  pageUrl: string,
  options: PageReadOptions = {},
): ExtractedArticle {
  return readArticlePage(html, pageUrl, options).article;
}

/** Whether the HTML is an empty shell that the fetcher should render in Chromium (see `readArticlePage`). */
export function articleNeedsBrowser(html: string): boolean {
  return readArticlePage(html, 'http://localhost/').needsBrowser;
}

function articleHeadline(page: PageContext, article: JsonLdNode | null, siteNames: string[]): string {
  const { $ } = page;
  const isSiteName = (text: string) =>
    siteNames.some((name) => comparableText(name) === comparableText(text));
  const headings = [...$('article h1').toArray(), ...$('main h1').toArray(), ...$('h1').toArray()]
    .map((element) => elementText($(element)))
    .filter((text) => text && !isSiteName(text));
  const jsonLdHeadline = article ? (textValue(article.headline) ?? textValue(article.name)) : null;
  const candidates = [
    metaText(page, 'og:title'),
    jsonLdHeadline ? htmlToText(jsonLdHeadline) : null,
    metaText(page, 'twitter:title'),
    headings[0],
    elementText($('head title').first()) || elementText($('title').first()),
  ];
  const title = candidates.find((candidate): candidate is string => Boolean(candidate)) ?? '';
  return withoutSiteSuffix(title, siteNames);
}

/** 'Análisis de Hades II | Vandal' gives 'Análisis de Hades II' when 'Vandal' is the site. */
export function withoutSiteSuffix(title: string, siteNames: string[]): string {
  const names = siteNames.map(comparableText).filter(Boolean);
  let current = title;
  for (;;) {
    const separators = [...current.matchAll(TITLE_SEPARATOR)];
    const last = separators.at(-1);
    if (!last || last.index === undefined || last.index === 0) return current;
    const suffix = comparableText(current.slice(last.index + last[0].length));
    // 'HobbyConsolas Videojuegos' still names the site: accept a suffix that starts with the name.
    const matches = names.some((name) => suffix === name || (suffix.startsWith(name) && name.length >= 3));
    if (!matches) return current;
    current = current.slice(0, last.index).trim();
  }
}

function headImage(page: PageContext, article: JsonLdNode | null): string | null {
  // og:image:width describes the first og:image only.
  const ogWidth = Number.parseInt(page.meta.get('og:image:width') ?? '', 10);
  const ogImage = metaUrl(page, 'og:image:secure_url', 'og:image', 'og:image:url');
  const candidates = [
    ogWidth && ogWidth < MIN_IMAGE_WIDTH ? null : ogImage,
    article ? absoluteUrl(imageValue(page.jsonLd, article.image), page.baseUrl) : null,
    metaUrl(page, 'twitter:image', 'twitter:image:src'),
  ];
  return candidates.find((url): url is string => url !== null && isIllustration(url)) ?? null;
}

/** Moving pictures, avatars, icons and thumbnails announced as the image of a page do not illustrate it. */
const NOT_AN_IMAGE_FILE = /\.(mp4|m4v|webm|mov|ogv|m3u8|mpd|avi|mkv|mp3|svg|ico)$/i;
/** '...-60x60.jpg', '..._96x96.png': the size is in the file name, and it is a thumbnail's. */
const SIZE_IN_NAME = /[-_](\d{2,4})x(\d{2,4})\.[a-z0-9]+$/i;

/** Whether a URL given as the page's image is a real picture, large enough to illustrate it. */
function isIllustration(url: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return false;
  }
  if (NOT_AN_IMAGE_FILE.test(path)) return false;
  const size = SIZE_IN_NAME.exec(path);
  if (size && (Number(size[1]) < MIN_IMAGE_WIDTH || Number(size[2]) < MIN_IMAGE_HEIGHT)) return false;
  return !path.split('/').some((segment) => DECORATIVE_IMAGE.test(segment));
}

/** The first image in the scopes (article body, else article, main, body) big enough to illustrate it. */
function bodyImage(page: PageContext, content: Cheerio<Element> | null): string | null {
  const { $ } = page;
  const scopes = content ? [content] : [$('article').first(), $('main').first(), $('body')];
  for (const scope of scopes) {
    for (const element of scope.find('img').toArray()) {
      const url = illustrationOf(page, $(element));
      if (url) return url;
    }
  }
  return null;
}

function illustrationOf(page: PageContext, image: Cheerio<Element>): string | null {
  const width = Number.parseInt(image.attr('width') ?? '', 10);
  const height = Number.parseInt(image.attr('height') ?? '', 10);
  if ((width && width < MIN_IMAGE_WIDTH) || (height && height < MIN_IMAGE_HEIGHT)) return null;
  // Lazy loaders keep the real address in data-* and a placeholder in src.
  const sources = [
    image.attr('data-src'),
    image.attr('data-lazy-src'),
    image.attr('data-original'),
    image.attr('src'),
    image.attr('srcset')?.split(',')[0]?.trim().split(/\s+/)[0],
  ];
  const url = sources.map((source) => absoluteUrl(source, page.baseUrl)).find(Boolean);
  if (!url) return null;
  const description = `${image.attr('class') ?? ''} ${image.attr('alt') ?? ''}`;
  if (DECORATIVE_IMAGE.test(description) || !isIllustration(url)) return null;
  return url;
}

/** The body's paragraphs, topped up with the page's summaries when the body has fewer than three. */
function withSummaries(page: PageContext, article: JsonLdNode | null, paragraphs: string[]): string[] {
  const result = paragraphs.slice(0, 3);
  const jsonLdDescription = article ? textValue(article.description) : null;
  const summaries = [
    metaText(page, 'og:description'),
    metaText(page, 'description'),
    jsonLdDescription ? htmlToText(jsonLdDescription) : null,
    metaText(page, 'twitter:description'),
  ];
  for (const summary of summaries) {
    if (result.length >= 3) break;
    if (summary && !result.some((existing) => sameText(existing, summary))) result.push(summary);
  }
  return result;
}

/** Summaries are often the first paragraph, cut with an ellipsis: those are the same text. */
function sameText(a: string, b: string): boolean {
  const left = comparableText(a.replace(ELLIPSIS, ''));
  const right = comparableText(b.replace(ELLIPSIS, ''));
  if (!left || !right) return left === right;
  return left.includes(right) || right.includes(left);
}
