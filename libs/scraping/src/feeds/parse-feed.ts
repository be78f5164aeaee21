import Parser from 'rss-parser';
import type { PageFetcher } from '../fetching/page-fetcher.js';

export interface FeedItem {
  /** Absolute http(s) URL of the article. */
  link: string;
  title: string;
  publishedAt: Date | null;
}

export interface ParsedFeed {
  title: string;
  items: FeedItem[];
}

export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';

  constructor(
    readonly url: string,
    cause?: unknown,
  ) {
    super('El contenido no es un feed RSS o Atom válido.', { cause });
  }
}

export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

// Only parseString is used: rss-parser's own parseURL would bypass the SSRF guard, robots and throttle.
const parser = new Parser();

/**
 * Parses RSS 2.0 or Atom. Relative links are resolved against the feed's site link, itself resolved
 * against `feedUrl`; items without a usable http(s) link are dropped, and repeated links kept once.
 */
export async function parseFeed(xml: string, feedUrl: string): Promise<ParsedFeed> {
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xml);
  } catch (error) {
    throw new FeedParseError(feedUrl, error);
  }

  const base = absoluteHttpUrl(feed.link, feedUrl) ?? feedUrl;
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const item of feed.items) {
    // An RSS item may carry its URL only as a permalink guid.
    const link = absoluteHttpUrl(item.link, base) ?? absoluteHttpUrl(item.guid, base, true);
    if (!link || seen.has(link)) continue;
    seen.add(link);
    items.push({ link, title: text(item.title), publishedAt: parseDate(item.isoDate ?? item.pubDate) });
  }
  return { title: text(feed.title), items };
}

/** Fetches a feed through the guarded fetcher (plain HTTP: a feed never needs JavaScript) and parses it. */
export async function fetchFeed(
  fetcher: PageFetcher,
  url: string,
  signal?: AbortSignal,
): Promise<ParsedFeed> {
  const page = await fetcher.fetch(url, { mode: 'http', accept: FEED_ACCEPT, signal });
  return parseFeed(page.body, page.url);
}

function absoluteHttpUrl(value: unknown, base: string, absoluteOnly = false): string | null {
  const raw = text(value);
  if (raw === '' || (absoluteOnly && !/^https?:\/\//i.test(raw))) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** xml2js yields `{ _: text, $: attributes }` for elements with attributes, such as Atom's `<title type>`. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (value && typeof value === 'object' && '_' in value) return text((value as { _: unknown })._);
  return '';
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
