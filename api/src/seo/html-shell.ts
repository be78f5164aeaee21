import { createHash } from 'node:crypto';
import type { PageMeta } from './page-meta.service.js';
import type { RoutePreloads } from './route-preloads.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** JSON inside a <script>: '<' escaped so no text can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface SiteScriptOptions {
  siteName: string;
  contactEmail: string;
}

/** The one inline script of every page: it hands the site's settings to the front. */
export const siteConfigScript = ({ siteName, contactEmail }: SiteScriptOptions): string =>
  `window.__VEREDICTO__=${scriptJson({ siteName, contactEmail })}`;

/**
 * The CSP source that lets exactly that script run. Pages are cached by the CDN and served to many
 * visitors, so a per-request nonce would be shared by all of them (and readable in the cached HTML): a
 * hash of the script's bytes, the same for every page, allows that script and nothing injected beside it.
 * The JSON-LD block needs none: a data block is never executed, so script-src does not apply to it.
 */
export const siteConfigScriptHash = (options: SiteScriptOptions): string =>
  `'sha256-${createHash('sha256').update(siteConfigScript(options), 'utf8').digest('base64')}'`;

export interface ShellOptions extends SiteScriptOptions {
  publicUrl: string;
  /** The page's data requests and route chunk, started with the HTML. */
  preloads?: RoutePreloads;
}

function preloadTags(preloads: RoutePreloads | undefined): string[] {
  if (!preloads) return [];
  return [
    ...preloads.fetches.map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
    ),
    ...preloads.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...preloads.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`,
    ),
  ];
}

const FEED_TYPES = [
  ['xml', 'application/atom+xml'],
  ['json', 'application/feed+json'],
] as const;

function feedTags(meta: PageMeta, publicUrl: string): string[] {
  return (meta.feeds ?? []).flatMap((feed) =>
    FEED_TYPES.map(
      ([format, type]) =>
        `<link rel="alternate" type="${type}" title="${escapeHtml(feed.title)}" href="${escapeHtml(`${publicUrl}${feed.path(format)}`)}">`,
    ),
  );
}

/** Replaces the default head block of the built index.html with the page's own tags. */
export function renderShell(template: string, meta: PageMeta, options: ShellOptions): string {
  const canonical = `${options.publicUrl}${meta.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="${escapeHtml(options.siteName)}">`,
    `<meta property="og:locale" content="es_ES">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    ...(meta.image && meta.imageSize
      ? [
          `<meta property="og:image:type" content="image/png">`,
          `<meta property="og:image:width" content="${meta.imageSize.width}">`,
          `<meta property="og:image:height" content="${meta.imageSize.height}">`,
        ]
      : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    ...feedTags(meta, options.publicUrl),
    meta.jsonLd ? `<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>` : '',
    ...preloadTags(options.preloads),
    `<script>${siteConfigScript(options)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const withName = template.replace(
    /<!--app-site-name-->[\s\S]*?<!--\/app-site-name-->/,
    escapeHtml(options.siteName),
  );
  const block = /<!--app-head-default-->[\s\S]*?<!--\/app-head-default-->/;
  if (block.test(withName)) return withName.replace(block, () => tags);
  if (withName.includes('<!--app-head-->')) return withName.replace('<!--app-head-->', () => tags);
  return withName.replace('</head>', () => `${tags}\n</head>`);
}
