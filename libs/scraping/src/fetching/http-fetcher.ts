import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { decodeBody } from './charset-decoder.js';
import { DEFAULT_FETCH_CONFIG } from './fetch-config.js';
import { FetchError } from './fetch-errors.js';
import { computeRetryDelay, isRetryableStatus, parseRetryAfter } from './retry-policy.js';
import { UnsafeUrlError, type GuardedTarget, type UrlGuard } from './url-guard.js';

/** A fetched document, whichever way it was fetched. */
export interface FetchedPage {
  /** Final URL, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: string;
  via: 'http' | 'browser';
}

export interface HttpFetcherOptions {
  guard: UrlGuard;
  userAgent: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  maxRetryAfterMs?: number;
  /** Injectable so tests of the retry policy need not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface HttpRequestOptions {
  accept?: string;
  maxBytes?: number;
  maxAttempts?: number;
  signal?: AbortSignal;
}

export const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_BACKOFF_MS = 10_000;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * Guarded GET over node:http / node:https. Every hop (the first URL and each redirect) goes through the
 * {@link UrlGuard} and the socket connects only to the addresses the guard checked (pinned `lookup`), so a
 * DNS answer that changes between check and connect cannot reach an internal address.
 */
export class HttpFetcher {
  readonly userAgent: string;
  private readonly guard: UrlGuard;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly maxAttempts: number;
  private readonly retryBaseDelayMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(options: HttpFetcherOptions) {
    this.guard = options.guard;
    this.userAgent = options.userAgent;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_CONFIG.timeoutMs;
    this.maxBytes = options.maxBytes ?? DEFAULT_FETCH_CONFIG.maxBytes;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_FETCH_CONFIG.maxRedirects ?? 5;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_FETCH_CONFIG.maxAttempts);
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULT_FETCH_CONFIG.retryBaseDelayMs ?? 500;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_FETCH_CONFIG.maxRetryAfterMs ?? 30_000;
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.random = options.random ?? Math.random;
  }

  /**
   * Fetches `url`, retrying 429, 5xx, timeouts and network errors with backoff. Throws
   * {@link UnsafeUrlError} for a refused hop and {@link FetchError} for everything else that is not a 2xx.
   */
  async fetch(url: string, options: HttpRequestOptions = {}): Promise<FetchedPage> {
    const maxAttempts = Math.max(1, options.maxAttempts ?? this.maxAttempts);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.fetchOnce(url, options);
      } catch (error) {
        if (!(error instanceof FetchError) || !error.retryable || attempt >= maxAttempts) throw error;
        if (options.signal?.aborted) throw error;
        const wait = computeRetryDelay(attempt, error.retryAfterMs, {
          baseDelayMs: this.retryBaseDelayMs,
          maxDelayMs: MAX_BACKOFF_MS,
          maxRetryAfterMs: this.maxRetryAfterMs,
          random: this.random,
        });
        await this.sleep(wait, options.signal);
      }
    }
  }

  /** One attempt: the redirect chain and the body share one deadline of `timeoutMs`. */
  private async fetchOnce(startUrl: string, options: HttpRequestOptions): Promise<FetchedPage> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
    let currentUrl = startUrl;
    try {
      for (let redirects = 0; ; redirects++) {
        const target = await abortable(this.guard.check(currentUrl), signal);
        currentUrl = target.url.href;
        const response = await this.request(target, options.accept ?? HTML_ACCEPT, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;

        if (REDIRECT_STATUSES.has(status) && location) {
          response.destroy();
          if (redirects >= this.maxRedirects) {
            throw new FetchError('too-many-redirects', { url: currentUrl, status });
          }
          currentUrl = resolveLocation(location, target.url);
          continue;
        }
        if (status < 200 || status > 299) {
          response.destroy();
          throw new FetchError('http-status', {
            url: currentUrl,
            status,
            retryable: isRetryableStatus(status),
            retryAfterMs: parseRetryAfter(headerValue(response.headers['retry-after'])),
          });
        }

        const maxBytes = options.maxBytes ?? this.maxBytes;
        const raw = await readLimited(response, maxBytes, currentUrl);
        const decoded = await decompress(
          raw,
          headerValue(response.headers['content-encoding']),
          maxBytes,
          currentUrl,
        );
        const contentType = headerValue(response.headers['content-type']) ?? null;
        return { url: currentUrl, status, contentType, body: decodeBody(decoded, contentType), via: 'http' };
      }
    } catch (error) {
      throw toFetchError(error, currentUrl, deadline.signal.aborted && !options.signal?.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  private request(target: GuardedTarget, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
    const { url } = target;
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        {
          protocol: url.protocol,
          hostname: target.hostname,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: {
            'User-Agent': this.userAgent,
            Accept: accept,
            'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5',
            'Accept-Encoding': 'gzip, deflate, br',
          },
          lookup: target.lookup,
          // No shared agent: a pooled socket could outlive the check that allowed it.
          agent: false,
          signal,
        },
        resolve,
      );
      request.on('error', reject);
      request.end();
    });
  }
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new UnsafeUrlError('invalid', location);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function readLimited(response: IncomingMessage, maxBytes: number, url: string): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FetchError('too-large', { url });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchError('too-large', { url });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The decoded size is capped too, or a few kilobytes of gzip could expand into gigabytes. */
async function decompress(
  raw: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
  url: string,
): Promise<Buffer> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0 || raw.length === 0) return raw;

  let body = raw;
  try {
    // Codings are listed in the order they were applied, so they are undone from the last one.
    for (const coding of codings.reverse()) {
      const limit = { maxOutputLength: maxBytes };
      if (coding === 'gzip' || coding === 'x-gzip') {
        // Sync flush tolerates a truncated trailer, as browsers do.
        body = await gunzip(body, { ...limit, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      } else if (coding === 'deflate') {
        // "deflate" should be zlib-wrapped, but some servers send a raw deflate stream.
        body = await inflate(body, limit).catch(() => inflateRaw(body, limit));
      } else if (coding === 'br') {
        body = await brotliDecompress(body, limit);
      } else {
        throw new FetchError('decoding', { url });
      }
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new FetchError('too-large', { url, cause: error });
    }
    throw new FetchError('decoding', { url, cause: error });
  }
  if (body.length > maxBytes) throw new FetchError('too-large', { url });
  return body;
}

/** Stops waiting for `promise` when `signal` aborts (the work itself may go on for its other waiters). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const PERMANENT_TLS_ERROR = /CERT|SELF_SIGNED|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH/;

function toFetchError(error: unknown, url: string, timedOut: boolean): unknown {
  if (error instanceof FetchError || error instanceof UnsafeUrlError) return error;
  if (timedOut) return new FetchError('timeout', { url, retryable: true, cause: error });
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  // The caller's own signal: not a failure of the site, so not retried.
  if ((error as Error | undefined)?.name === 'AbortError') return error;
  return new FetchError('network', { url, retryable: !PERMANENT_TLS_ERROR.test(code), cause: error });
}
