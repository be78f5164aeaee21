// Fetching without the browser (HTTP, guards, politeness); the headless browser is in ./browser.ts, so a
// process that only fetches or validates URLs never loads puppeteer-core.
export { forbiddenAddressReason, isForbiddenAddress } from './address-policy.js';
export { decodeBody, detectCharset, type CharsetSource, type DetectedCharset } from './charset-decoder.js';
export { DomainThrottle, type DomainThrottleOptions } from './domain-throttle.js';
export {
  BOT_TOKEN,
  DEFAULT_FETCH_CONFIG,
  buildUserAgent,
  fetchConfigFromEnv,
  normaliseHostname,
  parseAllowedHosts,
  type FetchConfig,
  type FetchLogger,
} from './fetch-config.js';
export { FetchError, type FetchErrorCode, type FetchErrorOptions } from './fetch-errors.js';
export { GuardedProxy } from './guarded-proxy.js';
export {
  HTML_ACCEPT,
  HttpFetcher,
  type FetchedPage,
  type HttpFetcherOptions,
  type HttpRequestOptions,
} from './http-fetcher.js';
export { defaultNeedsBrowser } from './needs-browser.js';
export {
  computeRetryDelay,
  isRetryableStatus,
  parseRetryAfter,
  type RetryDelayOptions,
} from './retry-policy.js';
export { RobotsChecker, RobotsDisallowedError, type RobotsCheckerOptions } from './robots.js';
export {
  MAX_URL_LENGTH,
  UnsafeUrlError,
  UrlGuard,
  createPinnedLookup,
  isValidUrlInput,
  validateUrlInput,
  type GuardedTarget,
  type HostLookup,
  type UnsafeUrlReason,
  type UrlGuardOptions,
  type UrlInputOptions,
} from './url-guard.js';
