import { createHash } from 'node:crypto';
import { Feed } from 'feed';
// JSON Feed 1.1 (`feed` writes 1.0); feedsmith's Atom is not used: it pretty-prints CDATA sections with
// the indentation inside the text.
import { generateJsonFeed } from 'feedsmith';
import { stripXmlForbidden, type FeedFormat } from '@veredicto/contract';

export interface FeedEntry {
  /** A permanent URL of the thing the entry tells about: Atom's id and JSON Feed's id. */
  id: string;
  title: string;
  url: string;
  summary: string;
  updated: Date;
  published?: Date | null;
  author?: string | null;
  image?: string | null;
}

export interface FeedContent {
  title: string;
  description: string;
  /** The page the feed follows, absolute. */
  pageUrl: string;
  /** The feed's own URLs, absolute. */
  atomUrl: string;
  jsonUrl: string;
  entries: FeedEntry[];
  /** When nothing is listed yet: the feed's update time stays fixed, so its ETag does too. */
  emptySince: Date;
}

export interface FeedDocument {
  body: string;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const CONTENT_TYPES: Record<FeedFormat, string> = {
  xml: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** A feed's last change: its newest entry (Atom's feed-level `updated`, HTTP's Last-Modified). */
const lastChange = (content: FeedContent) =>
  content.entries.reduce(
    (latest, entry) => (entry.updated > latest ? entry.updated : latest),
    content.entries.length ? content.entries[0].updated : content.emptySince,
  );

/**
 * The `feed` library writes entry titles and summaries as Atom's type="html" in CDATA sections: text that
 * HTML could read as markup or as a character reference is escaped, so a reader shows exactly the text we
 * mean, and with every '>' escaped no text can close the CDATA section (']]>'). A lone '&' ('Ratchet &
 * Clank') is plain text in HTML and stays as it is.
 */
const asHtml = (text: string) =>
  text.replace(/[<>]|&(?=[#a-zA-Z0-9])/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[char]!);

/** Every text of the feed without what XML 1.0 forbids: one bad title would make readers drop the feed. */
const xmlSafe = (content: FeedContent): FeedContent => ({
  ...content,
  title: stripXmlForbidden(content.title),
  description: stripXmlForbidden(content.description),
  entries: content.entries.map((entry) => ({
    ...entry,
    title: stripXmlForbidden(entry.title),
    summary: stripXmlForbidden(entry.summary),
    author: entry.author ? stripXmlForbidden(entry.author) : entry.author,
  })),
});

function atom(content: FeedContent, updated: Date, siteName: string): string {
  const feed = new Feed({
    id: content.atomUrl,
    title: content.title,
    description: content.description,
    link: content.pageUrl,
    feedLinks: { atom: content.atomUrl },
    language: 'es-ES',
    updated,
    generator: siteName,
    author: { name: siteName },
    copyright: '',
  });
  for (const entry of content.entries) {
    feed.addItem({
      id: entry.id,
      title: asHtml(entry.title),
      link: entry.url,
      date: entry.updated,
      published: entry.published ?? undefined,
      description: asHtml(entry.summary),
      author: entry.author ? [{ name: entry.author }] : undefined,
    });
  }
  return feed.atom1();
}

function jsonFeed(content: FeedContent): string {
  return JSON.stringify(
    generateJsonFeed({
      title: content.title,
      description: content.description,
      home_page_url: content.pageUrl,
      feed_url: content.jsonUrl,
      language: 'es-ES',
      items: content.entries.map((entry) => ({
        id: entry.id,
        url: entry.url,
        title: entry.title,
        content_text: entry.summary,
        date_modified: entry.updated,
        ...(entry.published ? { date_published: entry.published } : {}),
        ...(entry.author ? { authors: [{ name: entry.author }] } : {}),
        ...(entry.image ? { image: entry.image } : {}),
      })),
    }),
  );
}

/** The feed in Atom (RFC 4287) or JSON Feed 1.1, with the validators a reader's conditional GET uses. */
export function renderFeed(feed: FeedContent, format: FeedFormat, siteName: string): FeedDocument {
  const content = xmlSafe(feed);
  const updated = lastChange(content);
  const body = format === 'xml' ? atom(content, updated, siteName) : jsonFeed(content);
  const hash = createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27);
  return { body, contentType: CONTENT_TYPES[format], etag: `"${hash}"`, lastModified: updated };
}
