// The headless browser and the fetcher that falls back to it: the workers' entry (loads puppeteer-core).
export { BrowserPool, CHROMIUM_ARGS, type BrowserPoolOptions } from './browser-pool.js';
export { PageFetcher, type FetchMode, type PageFetchOptions, type PageFetcherParts } from './page-fetcher.js';
