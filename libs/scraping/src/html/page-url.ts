import type { CheerioAPI } from 'cheerio';

/** Query parameters that only track the visitor and never change the document. */
const TRACKING_PARAMETER =
  /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|_ga|yclid)$/i;

/** Host labels that say nothing about the outlet ('www.vandal.net', 'm.marca.com'). */
const GENERIC_HOST_LABELS = new Set(['www', 'www2', 'm', 'amp', 'mobile', 'es', 'en', 'news', 'noticias']);

/** The URL relative links resolve against: the page URL, or its `<base href>` when there is one. */
export function documentBaseUrl($: CheerioAPI, pageUrl: string): string {
  const baseHref = $('base[href]').first().attr('href');
  return absoluteUrl(baseHref, pageUrl) ?? pageUrl;
}

/** An absolute http(s) URL, or null for empty, unparsable, data:, javascript: and similar references. */
export function absoluteUrl(reference: string | null | undefined, base: string): string | null {
  const trimmed = reference?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The page URL as it should be shared: without fragment and tracking parameters. */
export function withoutTracking(pageUrl: string): string {
  try {
    const url = new URL(pageUrl);
    url.hash = '';
    for (const name of [...url.searchParams.keys()]) {
      if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
    }
    return url.href;
  } catch {
    return pageUrl;
  }
}

/** The host without a leading 'www.', lower case; null for unparsable URLs. */
export function siteHost(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\d?\./, '');
  } catch {
    return null;
  }
}

/** A readable outlet name from a URL: 'https://www.vandal.net/x' gives 'Vandal'. */
export function readableHostName(url: string): string {
  const host = siteHost(url);
  if (!host) return '';
  const labels = host.split('.');
  // Keep the registrable part's first label: 'vandal.elespanol.com' is Vandal, 'es.ign.com' is IGN's.
  const meaningful = labels.slice(0, -1).filter((label) => !GENERIC_HOST_LABELS.has(label));
  const label = meaningful[0] ?? labels[0];
  return label.charAt(0).toUpperCase() + label.slice(1);
}
