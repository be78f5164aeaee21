/**
 * What a shared cache (the CDN) may do with an answer, and under which surrogate keys it is filed so a
 * purge can drop exactly the answers a change affects. Keys use the public ids of the URLs: a game's
 * igdbID (`game-1942`), a news article's newID (`news-7`), and `home` for every listing.
 */
export interface CachePolicy {
  cacheControl: string;
  /**
   * Directives for the CDN alone (RFC 9213 `CDN-Cache-Control`, Fastly's `Surrogate-Control`): serving a
   * stale copy while it refreshes is the CDN's job; a browser that did so would show a page from before
   * the change its own visitor just made.
   */
  cdnCacheControl?: string;
  surrogateKeys: string[];
}

export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** Paths whose answers belong to one user (or an admin), whoever asks; a profile too (its privacy changes at once). */
const PERSONAL_PATHS =
  /^\/(api\/(user|users|auth|admin|ratings?|reviews\/mine)|admin|login|register|confirm|user|posts|u)(\/|$)/;

/**
 * 'Tu año''s picture: kept by the browser or a link preview but asked again every time (its ETag answers
 * 304 while the figures stand), so a profile made private stops showing it at once, as the profile does.
 */
const YEAR_IMAGE = /^\/api\/users\/[^/]+\/year\/\d{4}\/image\.png$/;
export const YEAR_IMAGE_CACHE_CONTROL = 'private, no-cache';

const GAME_PATHS = [
  /^\/api\/games\/(?:avRating|reviews\/pro|reviews\/users)\/(\d+)$/,
  /^\/api\/games\/(\d+)$/,
  /^\/game\/[^/]+\/(\d+)$/,
];
const NEWS_ITEM = /^\/api\/news\/(\d+)$/;

/** The surrogate keys of an anonymous GET on this path (empty: the answer depends on no content key). */
export function surrogateKeys(path: string): string[] {
  for (const pattern of GAME_PATHS) {
    const match = pattern.exec(path);
    if (match) return [`game-${Number(match[1])}`];
  }
  const news = NEWS_ITEM.exec(path);
  if (news) return [`news-${Number(news[1])}`];
  // Listings, carousels, search, the featured game, and the pages that show them (news article pages
  // too: they are purged with the listing whenever any article changes).
  return ['home'];
}

export interface CacheRequest {
  method: string;
  path: string;
  authenticated: boolean;
  statusCode: number;
}

/**
 * The policy for one answer: public with s-maxage (and stale-while-revalidate for the CDN) for anonymous successful
 * reads; `private, no-store` for anything personal, any write, and errors other than a plain 404.
 */
export function cachePolicy(
  request: CacheRequest,
  maxAgeSeconds: number,
  staleSeconds: number,
): CachePolicy | undefined {
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && YEAR_IMAGE.test(request.path) && (request.statusCode === 200 || request.statusCode === 304)) {
    return { cacheControl: YEAR_IMAGE_CACHE_CONTROL, surrogateKeys: [] };
  }
  if (!read || request.authenticated || PERSONAL_PATHS.test(request.path)) {
    return { cacheControl: PERSONAL_CACHE_CONTROL, surrogateKeys: [] };
  }
  // Health probes, docs, metrics and static files keep their own headers.
  if (/^\/(health|api\/docs|assets)(\/|$)/.test(request.path)) return undefined;
  if (request.statusCode >= 300 && request.statusCode !== 404) {
    return { cacheControl: 'no-store', surrogateKeys: [] };
  }
  if (maxAgeSeconds === 0) return { cacheControl: 'no-cache', surrogateKeys: [] };
  // max-age=0: browsers revalidate with us; the CDN keeps it s-maxage and refreshes behind its visitors.
  const maxAge = request.statusCode === 404 ? Math.min(maxAgeSeconds, 10) : maxAgeSeconds;
  return {
    cacheControl: `public, max-age=0, s-maxage=${maxAge}`,
    cdnCacheControl: `max-age=${maxAge}, stale-while-revalidate=${staleSeconds}`,
    surrogateKeys: surrogateKeys(request.path),
  };
}
