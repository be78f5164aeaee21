import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';
import type { AppConfig } from '@veredicto/config';
import { withReadRoute } from '@veredicto/db';
import { cachePolicy } from './cdn-cache.js';

/** Set on a user's write: their next reads, on any API process, go to the primary until it expires. */
export const PRIMARY_COOKIE = 'veredicto_primario';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Per request, before any handler: where its reads may go (read replica or primary) and, once the status
 * is known, what a CDN may do with the answer (Cache-Control, Surrogate-Key and Cache-Tag).
 *
 * Read-your-writes: a write sends its author's reads to the primary for READ_YOUR_WRITES_SECONDS, through
 * a short cookie (any API process behind the balancer honours it) and, for clients that keep no cookies,
 * a note of the bearer token in this process.
 */
export function edgePolicyMiddleware(config: AppConfig) {
  const windowMs = config.READ_YOUR_WRITES_SECONDS * 1000;
  const recentWriters = new Map<string, number>();
  const cookiePattern = new RegExp(`(?:^|;\\s*)${PRIMARY_COOKIE}=`);

  const wroteRecently = (token: string | undefined, now: number) => {
    if (!token) return false;
    const until = recentWriters.get(token);
    if (until === undefined) return false;
    if (until > now) return true;
    recentWriters.delete(token);
    return false;
  };

  // Without replicas every read is on the primary already: no cookie, no note, no per-request context.
  const replicated = config.DATABASE_READ_URLS.length > 0;

  return (request: Request, response: Response, next: NextFunction): void => {
    const now = Date.now();
    const token = request.headers.authorization;
    const write = !READ_METHODS.has(request.method);
    if (replicated && write && windowMs > 0) {
      response.cookie(PRIMARY_COOKIE, '1', { maxAge: windowMs, httpOnly: true, sameSite: 'lax', path: '/' });
      if (token) {
        // Bounded: entries expire after a few seconds and the map is swept when it grows.
        if (recentWriters.size > 10_000) {
          for (const [key, until] of recentWriters) if (until <= now) recentWriters.delete(key);
        }
        recentWriters.set(token, now + windowMs);
      }
    }
    onHeaders(response, () => {
      const policy = cachePolicy(
        {
          method: request.method,
          path: request.path,
          authenticated: Boolean(token),
          statusCode: response.statusCode,
        },
        config.CDN_MAX_AGE_SECONDS,
        config.CDN_STALE_SECONDS,
      );
      if (!policy) return;
      response.setHeader('Cache-Control', policy.cacheControl);
      if (policy.cdnCacheControl) {
        response.setHeader('CDN-Cache-Control', policy.cdnCacheControl);
        response.setHeader('Surrogate-Control', policy.cdnCacheControl);
      }
      // The same answer for a signed-in visitor is personal: a CDN must not hand it to them.
      response.setHeader('Vary', appendVary(response.getHeader('Vary'), 'Authorization'));
      if (policy.surrogateKeys.length) {
        // Fastly reads Surrogate-Key (space-separated), Cloudflare Cache-Tag (comma-separated).
        response.setHeader('Surrogate-Key', policy.surrogateKeys.join(' '));
        response.setHeader('Cache-Tag', policy.surrogateKeys.join(','));
      }
    });
    if (!replicated) return next();
    const primary = write || cookiePattern.test(request.headers.cookie ?? '') || wroteRecently(token, now);
    withReadRoute(primary ? 'write' : 'read', next);
  };
}

/** A Vary header with `field` added once. */
export function appendVary(current: number | string | string[] | undefined, field: string): string {
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!fields.some((value) => value.toLowerCase() === field.toLowerCase())) fields.push(field);
  return fields.join(', ');
}
