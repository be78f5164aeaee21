import { useEffect } from 'react';
import { documentTitle, type PageFeed } from '@veredicto/contract';
import { DEFAULT_DESCRIPTION, getSiteConfig } from './site-config';

export interface PageMeta {
  /** Title without the site name; null for the bare site name. */
  title: string | null;
  description?: string | null;
  /** In-app path of the canonical URL; defaults to the current path. */
  canonicalPath?: string;
  /**
   * The page's feeds (docs/CONTRACT.md §15), linked from the head as the server renders them: Atom, then JSON
   * Feed. A page that names none has none, so a feed link does not outlive the page that offered it.
   */
  feeds?: PageFeed[];
}

const FEED_TYPES = [
  ['xml', 'application/atom+xml'],
  ['json', 'application/feed+json'],
] as const;

function setFeedLinks(feeds: { title: string; atom: string; json: string }[]) {
  for (const link of document.head.querySelectorAll(
    'link[rel="alternate"][type$="+xml"], link[rel="alternate"][type$="+json"]',
  )) {
    link.remove();
  }
  for (const feed of feeds) {
    for (const [format, type] of FEED_TYPES) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.type = type;
      link.title = feed.title;
      link.href = format === 'xml' ? feed.atom : feed.json;
      document.head.appendChild(link);
    }
  }
}

function upsertHeadElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string, createIfMissing: boolean) {
  const selector = `meta[${attribute}="${key}"]`;
  const element = createIfMissing
    ? upsertHeadElement(selector, () => {
        const meta = document.createElement('meta');
        meta.setAttribute(attribute, key);
        return meta;
      })
    : document.head.querySelector<HTMLMetaElement>(selector);
  element?.setAttribute('content', content);
}

/**
 * Keeps the document title, meta description, canonical link (and any Open Graph tags the server rendered)
 * in step with client-side navigation.
 */
export function usePageMeta({ title, description, canonicalPath, feeds }: PageMeta): void {
  // Compared by value: callers build the list on every render.
  const feedKey = JSON.stringify(
    (feeds ?? []).map((feed) => ({ title: feed.title, atom: feed.path('xml'), json: feed.path('json') })),
  );
  useEffect(() => {
    setFeedLinks(JSON.parse(feedKey) as { title: string; atom: string; json: string }[]);
  }, [feedKey]);
  useEffect(() => {
    const { siteName } = getSiteConfig();
    const fullTitle = documentTitle(title, siteName);
    const fullDescription = description || DEFAULT_DESCRIPTION;
    const url = new URL(canonicalPath ?? window.location.pathname, window.location.origin).toString();

    document.title = fullTitle;
    setMeta('name', 'description', fullDescription, true);
    setMeta('property', 'og:title', fullTitle, false);
    setMeta('property', 'og:description', fullDescription, false);
    setMeta('property', 'og:url', url, false);
    const canonical = upsertHeadElement('link[rel="canonical"]', () => {
      const link = document.createElement('link');
      link.rel = 'canonical';
      return link;
    });
    canonical.href = url;
  }, [title, description, canonicalPath]);
}
