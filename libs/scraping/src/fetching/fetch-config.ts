/** Settings of the fetching layer; one object shared by the HTTP fetcher, robots, throttle and browser. */
export interface FetchConfig {
  /** Sent on every request, robots.txt included: 'VeredictoBot/1.0 (+{PUBLIC_URL}/bot)'. */
  userAgent: string;
  /** Hostnames fetched even when they resolve to private or loopback addresses (tests use 127.0.0.1). */
  allowedHosts: string[];
  /** Budget of one attempt, from the request to the last body byte, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  /** Minimum pause between two requests to the same hostname. */
  perDomainDelayMs: number;
  /** Attempts of one HTTP fetch, the first included. */
  maxAttempts: number;
  respectRobots: boolean;
  chromiumPath: string;
  /** Browser pages open at once in this process (each costs about 340 MiB). */
  maxPages: number;
  /** First retry delay; doubled on each attempt, with jitter. */
  retryBaseDelayMs?: number;
  /** Longest pause a Retry-After header may impose. */
  maxRetryAfterMs?: number;
  maxRedirects?: number;
  /** How long the browser waits for the network to calm down after the document loaded. */
  networkIdleTimeoutMs?: number;
}

/** The subset of a logger the fetching layer uses; Nest's Logger, pino and console all fit. */
export interface FetchLogger {
  warn(message: string, ...meta: unknown[]): void;
}

export const BOT_TOKEN = 'VeredictoBot';

const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export const DEFAULT_FETCH_CONFIG: Readonly<FetchConfig> = Object.freeze({
  userAgent: buildUserAgent(DEFAULT_PUBLIC_URL),
  allowedHosts: [],
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  perDomainDelayMs: 1_000,
  maxAttempts: 3,
  respectRobots: true,
  chromiumPath: '/usr/bin/chromium',
  maxPages: 2,
  retryBaseDelayMs: 500,
  maxRetryAfterMs: 30_000,
  maxRedirects: 5,
  networkIdleTimeoutMs: 5_000,
});

export function buildUserAgent(publicUrl: string): string {
  return `${BOT_TOKEN}/1.0 (+${publicUrl.replace(/\/+$/, '')}/bot)`;
}

/** Comma-separated host list → normalised hostnames (lower case, no brackets, no trailing dot). */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => normaliseHostname(host.trim()))
    .filter((host) => host.length > 0);
}

/** The form hostnames are compared in: `[::1]` and `::1` match, as do `Example.com.` and `example.com`. */
export function normaliseHostname(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.replace(/\.+$/, '');
}

export function fetchConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FetchConfig {
  const publicUrl = env.PUBLIC_URL?.trim() || DEFAULT_PUBLIC_URL;
  return {
    ...DEFAULT_FETCH_CONFIG,
    userAgent: buildUserAgent(publicUrl),
    allowedHosts: parseAllowedHosts(env.SCRAPER_ALLOWED_HOSTS),
    chromiumPath: env.CHROMIUM_PATH?.trim() || DEFAULT_FETCH_CONFIG.chromiumPath,
  };
}
