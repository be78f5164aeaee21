import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { DEFAULT_FETCH_CONFIG, type FetchLogger } from './fetch-config.js';
import { FetchError } from './fetch-errors.js';
import { GuardedProxy } from './guarded-proxy.js';
import { abortable, type FetchedPage } from './http-fetcher.js';
import { isRetryableStatus } from './retry-policy.js';
import { UnsafeUrlError, type UrlGuard } from './url-guard.js';

/** Flags that work on our machines (ENVIRONMENT.md); puppeteer adds --headless=new itself. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // WebRTC could otherwise reach local addresses over UDP, around the proxy.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Not needed to read a page's text, and the heaviest part of loading it. */
const SKIPPED_RESOURCE_TYPES = new Set(['image', 'media', 'font']);
/** Schemes that never touch the network. */
const LOCAL_SCHEME = /^(data|blob|about):/i;

export interface BrowserPoolOptions {
  guard: UrlGuard;
  userAgent: string;
  chromiumPath?: string;
  maxPages?: number;
  /** Budget for the navigation itself (document and its redirects). */
  navigationTimeoutMs?: number;
  /** Extra wait for scripts to settle (network idle, at most 2 requests in flight). */
  networkIdleTimeoutMs?: number;
  maxBytes?: number;
  logger?: FetchLogger;
}

/**
 * Headless Chromium for pages that need JavaScript: one browser per process, launched on first use and
 * relaunched if it dies, at most `maxPages` pages at once, each in its own throw-away browser context.
 *
 * Two layers keep it inside the SSRF rules: request interception checks every request (document, frames,
 * sub-resources, each redirect hop) with the {@link UrlGuard}, and all traffic leaves through a
 * {@link GuardedProxy} that checks again and pins the connection to the checked address.
 */
export class BrowserPool {
  private browser: Promise<Browser> | undefined;
  private readonly proxy: GuardedProxy;
  private readonly slots: PageSlots;
  private readonly guard: UrlGuard;
  private readonly userAgent: string;
  private readonly chromiumPath: string;
  private readonly navigationTimeoutMs: number;
  private readonly networkIdleTimeoutMs: number;
  private readonly maxBytes: number;
  private readonly logger: FetchLogger;
  private closed = false;

  constructor(options: BrowserPoolOptions) {
    this.guard = options.guard;
    this.userAgent = options.userAgent;
    this.chromiumPath = options.chromiumPath ?? DEFAULT_FETCH_CONFIG.chromiumPath;
    this.navigationTimeoutMs = options.navigationTimeoutMs ?? DEFAULT_FETCH_CONFIG.timeoutMs;
    this.networkIdleTimeoutMs =
      options.networkIdleTimeoutMs ?? DEFAULT_FETCH_CONFIG.networkIdleTimeoutMs ?? 5000;
    this.maxBytes = options.maxBytes ?? DEFAULT_FETCH_CONFIG.maxBytes;
    this.logger = options.logger ?? new Logger(BrowserPool.name);
    this.slots = new PageSlots(Math.max(1, options.maxPages ?? DEFAULT_FETCH_CONFIG.maxPages));
    this.proxy = new GuardedProxy(this.guard, this.logger);
  }

  /** Renders `url` and returns the DOM as HTML. Throws {@link UnsafeUrlError} or {@link FetchError}. */
  async fetch(url: string, signal?: AbortSignal): Promise<FetchedPage> {
    // Refused before a page is even opened; interception and the proxy check again on the way.
    await this.guard.check(url);
    const release = await this.slots.acquire();
    try {
      signal?.throwIfAborted();
      const browser = await this.getBrowser();
      const context = await browser.createBrowserContext({ downloadBehavior: { policy: 'deny' } });
      // Given up: closing the context ends the navigation at once.
      const onAbort = () => void context.close().catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await abortable(
          context.newPage().then((page) => this.render(page, url)),
          signal,
        );
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await context.close().catch(() => undefined);
      }
    } finally {
      release();
    }
  }

  /** Closes the browser and the proxy; for graceful shutdown of a worker. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined);
    await this.proxy.close();
  }

  private async getBrowser(): Promise<Browser> {
    if (this.closed) throw new FetchError('browser', { url: 'about:blank' });
    const current = this.browser ? await this.browser.catch(() => undefined) : undefined;
    if (current?.connected) return current;

    this.browser ??= this.launch();
    try {
      return await this.browser;
    } catch (error) {
      this.browser = undefined;
      throw error;
    }
  }

  private async launch(): Promise<Browser> {
    const proxyUrl = await this.proxy.start();
    // Chromium keeps its socket folder (org.chromium.Chromium.*) under TMPDIR and removes it only when it
    // exits cleanly: each browser gets a folder of its own, removed when it is gone however it ended.
    const scratch = await mkdtemp(join(tmpdir(), 'veredicto-chromium-'));
    const removeScratch = () => rm(scratch, { recursive: true, force: true }).catch(() => undefined);
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: this.chromiumPath,
        headless: true,
        args: [
          ...CHROMIUM_ARGS,
          `--proxy-server=${proxyUrl}`,
          // Chromium never proxies loopback unless told so; allow-listed test hosts live there.
          '--proxy-bypass-list=<-loopback>',
        ],
        env: { ...process.env, TMPDIR: scratch },
        // The worker owns shutdown and calls close(); puppeteer must not exit on its own.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      await removeScratch();
      throw new FetchError('browser', { url: 'about:blank', retryable: true, cause: error });
    }
    const launched = this.browser;
    browser.once('disconnected', () => {
      void removeScratch();
      if (this.browser === launched) this.browser = undefined;
      if (!this.closed) this.logger.warn('Chromium se desconectó; se relanzará en la próxima petición');
    });
    return browser;
  }

  private async render(page: Page, url: string): Promise<FetchedPage> {
    let blockedNavigation: Error | undefined;
    page.on('request', (request) => {
      void this.screen(request, page, (refusal) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame())
          blockedNavigation ??= refusal;
      });
    });
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    page.on('popup', (popup) => void popup?.close().catch(() => undefined));
    await page.setUserAgent({ userAgent: this.userAgent });
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' });
    // Service workers fetch outside page interception; keep every request visible to it.
    await page.setBypassServiceWorker(true);
    await page.setRequestInterception(true);

    let response;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: this.navigationTimeoutMs });
    } catch (error) {
      if (blockedNavigation) throw blockedNavigation;
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new FetchError(timedOut ? 'timeout' : 'browser', { url, retryable: true, cause: error });
    }
    if (blockedNavigation) throw blockedNavigation;
    if (!response) throw new FetchError('browser', { url });
    const status = response.status();
    if (status < 200 || status > 299) {
      throw new FetchError('http-status', { url: page.url(), status, retryable: isRetryableStatus(status) });
    }

    // Scripts usually fetch their data right after DOMContentLoaded: wait for that to settle, within a cap,
    // and keep whatever is there if the page never goes quiet (polling, analytics).
    await page
      .waitForNetworkIdle({ idleTime: 500, concurrency: 2, timeout: this.networkIdleTimeoutMs })
      .catch(() => undefined);
    if (blockedNavigation) throw blockedNavigation;

    const body = await this.readContent(page, url);
    if (Buffer.byteLength(body) > this.maxBytes) throw new FetchError('too-large', { url: page.url() });
    return {
      url: page.url(),
      status,
      contentType: response.headers()['content-type'] ?? null,
      body,
      via: 'browser',
    };
  }

  /**
   * Lets a request through only when the guard accepts it. `onRefused` runs before the abort so the
   * navigation's failure can be reported as the guard's refusal rather than a generic browser error.
   */
  private async screen(request: HTTPRequest, page: Page, onRefused: (refusal: Error) => void): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const requestUrl = request.url();
    if (SKIPPED_RESOURCE_TYPES.has(request.resourceType())) {
      await request.abort('blockedbyclient').catch(() => undefined);
      return;
    }
    let refusal: Error | undefined;
    if (!LOCAL_SCHEME.test(requestUrl) || request.isNavigationRequest()) {
      refusal = await this.guard.check(requestUrl).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error : new UnsafeUrlError('invalid', requestUrl)),
      );
    }
    if (page.isClosed()) return;
    if (refusal) {
      this.logger.warn(`Navegador: petición bloqueada a ${requestUrl} (${refusal.message})`);
      onRefused(refusal);
      await request.abort('blockedbyclient').catch(() => undefined);
    } else {
      await request.continue().catch(() => undefined);
    }
  }

  /** A script may still be swapping the document; one retry covers a context destroyed mid-read. */
  private async readContent(page: Page, url: string): Promise<string> {
    try {
      return await page.content();
    } catch {
      await page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 2000 }).catch(() => undefined);
      try {
        return await page.content();
      } catch (error) {
        throw new FetchError('browser', { url, retryable: true, cause: error });
      }
    }
  }
}

/** Counting semaphore: each open page costs hundreds of MiB, so they are rationed. */
class PageSlots {
  private available: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.available = size;
  }

  async acquire(): Promise<() => void> {
    if (this.available > 0) {
      this.available--;
    } else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.available++;
    };
  }
}
