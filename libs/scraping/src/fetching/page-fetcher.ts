import { Logger } from '@nestjs/common';
import { BrowserPool } from './browser-pool.js';
import { DomainThrottle } from './domain-throttle.js';
import { DEFAULT_FETCH_CONFIG, type FetchConfig, type FetchLogger } from './fetch-config.js';
import { abortable, HttpFetcher, type FetchedPage } from './http-fetcher.js';
import { defaultNeedsBrowser } from './needs-browser.js';
import { RobotsChecker } from './robots.js';
import { UrlGuard } from './url-guard.js';

export type FetchMode = 'auto' | 'http' | 'browser';

export interface PageFetchOptions {
  /** 'auto' (default): HTTP first, browser when the HTML looks like it needs JavaScript. */
  mode?: FetchMode;
  /** Replaces the default "needs JavaScript" heuristic for sources whose pages the caller knows. */
  needsBrowser?: (html: string) => boolean;
  /** Accept header of the HTTP request (feeds ask for XML). */
  accept?: string;
  /**
   * Gives the fetch up (a stopping worker): whatever it waits for (robots.txt, the host's turn, the HTTP
   * answer, the browser) stops, and no request starts after it aborted. Rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

/** Parts a caller may supply instead of the ones built from the config (tests, shared instances). */
export interface PageFetcherParts {
  guard?: UrlGuard;
  http?: HttpFetcher;
  browser?: BrowserPool;
  robots?: RobotsChecker;
  throttle?: DomainThrottle;
  logger?: FetchLogger;
}

/** A robots.txt Crawl-delay is honoured up to this; beyond it a single page would hold a worker too long. */
const MAX_CRAWL_DELAY_MS = 30_000;

/**
 * The one way the scrapers fetch a page: SSRF guard, robots.txt, per-domain throttle, then plain HTTP and,
 * when the page needs JavaScript (or the caller asks), the shared headless browser.
 */
export class PageFetcher {
  readonly config: FetchConfig;
  readonly guard: UrlGuard;
  readonly http: HttpFetcher;
  readonly browser: BrowserPool;
  readonly robots: RobotsChecker;
  readonly throttle: DomainThrottle;

  constructor(config: Partial<FetchConfig> = {}, parts: PageFetcherParts = {}) {
    this.config = { ...DEFAULT_FETCH_CONFIG, ...config };
    const { userAgent, allowedHosts, timeoutMs, maxBytes } = this.config;
    const logger = parts.logger ?? new Logger(PageFetcher.name);
    this.guard = parts.guard ?? new UrlGuard({ allowedHosts });
    this.http =
      parts.http ??
      new HttpFetcher({
        guard: this.guard,
        userAgent,
        timeoutMs,
        maxBytes,
        maxAttempts: this.config.maxAttempts,
        maxRedirects: this.config.maxRedirects,
        retryBaseDelayMs: this.config.retryBaseDelayMs,
        maxRetryAfterMs: this.config.maxRetryAfterMs,
      });
    this.browser =
      parts.browser ??
      new BrowserPool({
        guard: this.guard,
        userAgent,
        chromiumPath: this.config.chromiumPath,
        maxPages: this.config.maxPages,
        navigationTimeoutMs: timeoutMs,
        networkIdleTimeoutMs: this.config.networkIdleTimeoutMs,
        maxBytes,
        logger,
      });
    this.robots = parts.robots ?? new RobotsChecker({ http: this.http, logger });
    this.throttle = parts.throttle ?? new DomainThrottle({ minDelayMs: this.config.perDomainDelayMs });
  }

  /**
   * Throws UnsafeUrlError (refused URL or redirect), RobotsDisallowedError, or FetchError (non-2xx final
   * status with `status`, timeout, size limit, network).
   */
  async fetch(url: string, options: PageFetchOptions = {}): Promise<FetchedPage> {
    const mode = options.mode ?? 'auto';
    const { signal } = options;
    signal?.throwIfAborted();
    // Refuse hostile URLs before anything else goes out, robots.txt included.
    const target = await abortable(this.guard.check(url), signal);
    const href = target.url.href;

    let crawlDelayMs: number | undefined;
    if (this.config.respectRobots) {
      await abortable(this.robots.assertAllowed(href), signal);
      const asked = await abortable(this.robots.crawlDelayMs(href), signal);
      crawlDelayMs = asked === undefined ? undefined : Math.min(asked, MAX_CRAWL_DELAY_MS);
    }

    const viaBrowser = () =>
      this.throttle.run(target.hostname, () => this.browser.fetch(href, signal), crawlDelayMs, signal);
    if (mode === 'browser') return viaBrowser();

    const page = await this.throttle.run(
      target.hostname,
      () => this.http.fetch(href, { accept: options.accept, signal }),
      crawlDelayMs,
      signal,
    );
    if (mode === 'http' || !looksLikeHtml(page)) return page;
    const needsBrowser = options.needsBrowser ?? defaultNeedsBrowser;
    return needsBrowser(page.body) ? viaBrowser() : page;
  }

  /** Closes the browser (if it was ever started); call on worker shutdown. */
  async close(): Promise<void> {
    await this.browser.close();
  }
}

function looksLikeHtml(page: FetchedPage): boolean {
  if (page.contentType) return /html/i.test(page.contentType);
  return /^\s*(<!doctype html|<html)/i.test(page.body);
}
