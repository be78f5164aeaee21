import { Logger } from '@nestjs/common';
import robotsParserModule from 'robots-parser';
import { BOT_TOKEN, type FetchLogger } from './fetch-config.js';
import { FetchError } from './fetch-errors.js';
import type { HttpFetcher } from './http-fetcher.js';
import { UnsafeUrlError } from './url-guard.js';

// The typings declare an ES default export but the package is CommonJS (module.exports = fn), so from ESM
// the default import is already the function while TypeScript believes it sits one `.default` deeper.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;
type RobotsRules = ReturnType<typeof robotsParser>;

export class RobotsDisallowedError extends Error {
  override readonly name = 'RobotsDisallowedError';

  constructor(readonly url: string) {
    super('El archivo robots.txt del sitio no permite acceder a esta página.');
  }
}

export interface RobotsCheckerOptions {
  /** The guarded fetcher: robots.txt is fetched under the same SSRF rules as any page. */
  http: Pick<HttpFetcher, 'fetch'>;
  userAgentToken?: string;
  ttlMs?: number;
  /** Shorter cache life after a failed fetch, so an outage does not hide new rules for an hour. */
  failureTtlMs?: number;
  maxEntries?: number;
  logger?: FetchLogger;
  now?: () => number;
}

interface CachedRobots {
  /** null = no usable robots.txt: everything is allowed. */
  rules: RobotsRules | null;
  expiresAt: number;
}

/** Google's limit: content past 500 KiB of a robots.txt is ignored. */
const ROBOTS_MAX_BYTES = 500 * 1024;

/**
 * Reads and caches robots.txt per origin. A missing file (any 4xx) allows everything; a server error or an
 * unreachable file also allows (we would otherwise stop scraping a site for a transient outage) but is
 * logged and cached only briefly.
 */
export class RobotsChecker {
  private readonly cache = new Map<string, CachedRobots>();
  private readonly inFlight = new Map<string, Promise<CachedRobots>>();
  private readonly http: Pick<HttpFetcher, 'fetch'>;
  private readonly token: string;
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly maxEntries: number;
  private readonly logger: FetchLogger;
  private readonly now: () => number;

  constructor(options: RobotsCheckerOptions) {
    this.http = options.http;
    this.token = options.userAgentToken ?? BOT_TOKEN;
    this.ttlMs = options.ttlMs ?? 60 * 60 * 1000;
    this.failureTtlMs = options.failureTtlMs ?? 5 * 60 * 1000;
    this.maxEntries = options.maxEntries ?? 1000;
    this.logger = options.logger ?? new Logger(RobotsChecker.name);
    this.now = options.now ?? Date.now;
  }

  async isAllowed(url: string): Promise<boolean> {
    const { rules } = await this.rulesFor(new URL(url).origin);
    return rules?.isAllowed(url, this.token) ?? true;
  }

  /** Throws {@link RobotsDisallowedError} when robots.txt forbids `url` to VeredictoBot. */
  async assertAllowed(url: string): Promise<void> {
    if (!(await this.isAllowed(url))) throw new RobotsDisallowedError(url);
  }

  /** The Crawl-delay addressed to us (or to *), in milliseconds. */
  async crawlDelayMs(url: string): Promise<number | undefined> {
    const { rules } = await this.rulesFor(new URL(url).origin);
    const seconds = rules?.getCrawlDelay(this.token);
    return seconds === undefined || !Number.isFinite(seconds) ? undefined : seconds * 1000;
  }

  private async rulesFor(origin: string): Promise<CachedRobots> {
    const cached = this.cache.get(origin);
    if (cached && cached.expiresAt > this.now()) return cached;

    let pending = this.inFlight.get(origin);
    if (!pending) {
      pending = this.load(origin).finally(() => this.inFlight.delete(origin));
      this.inFlight.set(origin, pending);
    }
    return pending;
  }

  private async load(origin: string): Promise<CachedRobots> {
    const robotsUrl = `${origin}/robots.txt`;
    let entry: CachedRobots;
    try {
      const response = await this.http.fetch(robotsUrl, {
        accept: 'text/plain,*/*;q=0.5',
        maxBytes: ROBOTS_MAX_BYTES,
        maxAttempts: 1,
      });
      // Parsed against the origin asked for, even if robots.txt redirected elsewhere: the rules apply here.
      entry = { rules: robotsParser(robotsUrl, response.body), expiresAt: this.now() + this.ttlMs };
    } catch (error) {
      if (
        error instanceof FetchError &&
        error.status !== undefined &&
        error.status >= 400 &&
        error.status < 500
      ) {
        entry = { rules: null, expiresAt: this.now() + this.ttlMs };
      } else if (error instanceof FetchError || error instanceof UnsafeUrlError) {
        this.logger.warn(`robots.txt de ${origin} no disponible (${error.message}); se permite el acceso`);
        entry = { rules: null, expiresAt: this.now() + this.failureTtlMs };
      } else {
        throw error;
      }
    }
    this.remember(origin, entry);
    return entry;
  }

  private remember(origin: string, entry: CachedRobots): void {
    this.cache.delete(origin);
    this.cache.set(origin, entry);
    // Map iteration follows insertion order, so the first keys are the least recently refreshed origins.
    for (const key of this.cache.keys()) {
      if (this.cache.size <= this.maxEntries) break;
      this.cache.delete(key);
    }
  }
}
