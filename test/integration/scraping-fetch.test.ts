import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'puppeteer-core';
import { BrowserPool, PageFetcher } from '@veredicto/scraping/fetching/browser.js';
import {
  FetchError,
  GuardedProxy,
  RobotsDisallowedError,
  UnsafeUrlError,
  UrlGuard,
  fetchConfigFromEnv,
  type FetchConfig,
} from '@veredicto/scraping/fetching/index.js';
import { fetchFeed } from '@veredicto/scraping/feeds/parse-feed.js';

/** A real HTTP server that records every request it receives. */
class RecordingServer {
  readonly requests: { path: string; userAgent: string | undefined; startedAt: number; endedAt?: number }[] =
    [];
  private readonly server: http.Server;
  private readonly routes = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>();

  constructor() {
    this.server = http.createServer((request, response) => {
      const entry = {
        path: request.url ?? '',
        userAgent: request.headers['user-agent'],
        startedAt: Date.now(),
      };
      this.requests.push(entry);
      response.on('finish', () => Object.assign(entry, { endedAt: Date.now() }));
      const route = this.routes.get(new URL(request.url ?? '/', 'http://x').pathname);
      if (route) route(request, response);
      else response.writeHead(404, { 'Content-Type': 'text/plain' }).end('No encontrado');
    });
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  route(path: string, handler: (request: IncomingMessage, response: ServerResponse) => void): this {
    this.routes.set(path, handler);
    return this;
  }

  hits(path?: string): number {
    return this.requests.filter((request) => path === undefined || request.path === path).length;
  }

  async listen(host: string): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen({ port: 0, host, ipv6Only: false }, resolve));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const html = (body: string, head = '') =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Veredicto test</title>${head}</head><body>${body}</body></html>`;
const LONG_TEXT =
  'Un análisis largo y detallado de la jugabilidad, el apartado técnico y la historia. '.repeat(6);
const silent = { warn: () => undefined };
/** What the fetching layer logged (blocked browser requests among them). */
const warnings: string[] = [];
const recordingLogger = { warn: (message: string) => void warnings.push(message) };

describe('scraping fetch layer (real servers, real Chromium)', () => {
  /** The site being scraped: 127.0.0.1 is allow-listed. */
  const site = new RecordingServer();
  /** A loopback service that must never be reached: localhost, [::1], 0.0.0.0 and friends point here. */
  const canary = new RecordingServer();
  let origin: string;
  let config: FetchConfig;
  let fetcher: PageFetcher;
  let strictFetcher: PageFetcher;

  beforeAll(async () => {
    await site.listen('127.0.0.1');
    // Dual-stack on every interface, so 127.0.0.1, ::1 and 0.0.0.0 all reach it if anything leaks.
    await canary.listen('::');
    canary.route('/', (_request, response) => response.writeHead(200).end('secreto'));
    origin = `http://127.0.0.1:${site.port}`;
    const leak = `localhost:${canary.port}`;

    site
      .route('/robots.txt', (_request, response) =>
        response
          .writeHead(200, { 'Content-Type': 'text/plain' })
          .end('User-agent: VeredictoBot\nDisallow: /privado/\n'),
      )
      .route('/articulo', (_request, response) =>
        response
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(html(`<main><h1>Zelda</h1><p>${LONG_TEXT}</p></main>`)),
      )
      .route('/spa', (_request, response) =>
        response
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(html('<div id="root"></div><script src="/spa.js"></script>')),
      )
      .route('/spa.js', (_request, response) =>
        response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(`
          fetch('/api/review').then((r) => r.json()).then((review) => {
            document.getElementById('root').innerHTML = '<article><h1>' + review.title + '</h1><p>' + review.text + '</p></article>';
          });`),
      )
      .route('/api/review', (_request, response) =>
        response
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ title: 'Reseña renderizada con JavaScript', text: 'Nota final: 9,1' })),
      )
      .route('/a-localhost', (_request, response) =>
        response.writeHead(302, { Location: `http://${leak}/` }).end(),
      )
      .route('/con-fugas', (_request, response) =>
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
          html(
            `<main id="contenido">${LONG_TEXT}</main>
             <iframe src="http://${leak}/iframe"></iframe>
             <iframe src="http://[::1]:${canary.port}/iframe-v6"></iframe>
             <script>
               for (const url of ['http://${leak}/fetch', 'http://0.0.0.0:${canary.port}/zero',
                 'http://[::ffff:127.0.0.1]:${canary.port}/mapped']) {
                 fetch(url).catch(() => undefined);
               }
               navigator.sendBeacon('http://${leak}/beacon', 'x');
             </script>`,
            `<link rel="stylesheet" href="http://${leak}/style.css"><script src="http://${leak}/script.js"></script>`,
          ),
        ),
      )
      .route('/privado/ficha', (_request, response) => response.writeHead(200).end(html(LONG_TEXT)))
      .route(
        '/inestable',
        (() => {
          let calls = 0;
          return (_request: IncomingMessage, response: ServerResponse) => {
            calls++;
            if (calls === 1) response.writeHead(503, { 'Retry-After': '0' }).end();
            else response.writeHead(200, { 'Content-Type': 'text/html' }).end(html(`<p>${LONG_TEXT}</p>`));
          };
        })(),
      )
      .route('/enorme', (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 40 && response.write(chunk)) sent++;
          if (sent >= 40) response.end();
          else response.once('drain', pump);
        };
        response.on('close', () => (sent = 40));
        pump();
      })
      .route('/latin1', (_request, response) =>
        response
          .writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' })
          .end(
            Buffer.from(
              html(`<p>Espa\u00f1a: el caf\u00e9 del a\u00f1o. ${LONG_TEXT}</p>`).replace(
                'utf-8',
                'iso-8859-1',
              ),
              'latin1',
            ),
          ),
      )
      .route('/lento', (_request, response) => {
        setTimeout(() => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'), 30);
      })
      .route('/feed.xml', (_request, response) =>
        response.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(
          Buffer.from(
            `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Noticias</title>
             <item><title>Rese\u00f1a</title><link>/noticias/1</link><pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate></item>
             </channel></rss>`,
            'latin1',
          ),
        ),
      );

    config = {
      ...fetchConfigFromEnv({ PUBLIC_URL: 'https://veredicto.test' }),
      allowedHosts: ['127.0.0.1'],
      perDomainDelayMs: 50,
      retryBaseDelayMs: 20,
      maxBytes: 1024 * 1024,
      timeoutMs: 10_000,
      networkIdleTimeoutMs: 2_000,
    };
    fetcher = new PageFetcher(config, { logger: recordingLogger });
    strictFetcher = new PageFetcher({ ...config, allowedHosts: [] }, { logger: silent });
  });

  afterAll(async () => {
    await Promise.all([fetcher?.close(), strictFetcher?.close()]);
    await Promise.all([site.close(), canary.close()]);
  });

  afterEach(() => {
    expect(canary.hits()).toBe(0);
  });

  it('fetches a page over HTTP, identifying itself', async () => {
    const page = await fetcher.fetch(`${origin}/articulo`, { mode: 'http' });
    expect(page).toMatchObject({ url: `${origin}/articulo`, status: 200, via: 'http' });
    expect(page.body).toContain('<h1>Zelda</h1>');
    expect(site.requests.find((request) => request.path === '/articulo')?.userAgent).toBe(
      'VeredictoBot/1.0 (+https://veredicto.test/bot)',
    );
  });

  it('fetches the same page with the browser', async () => {
    const page = await fetcher.fetch(`${origin}/articulo`, { mode: 'browser' });
    expect(page).toMatchObject({ url: `${origin}/articulo`, status: 200, via: 'browser' });
    expect(page.body).toContain('<h1>Zelda</h1>');
  });

  it('stays on plain HTTP in auto mode when the page has its content', async () => {
    await expect(fetcher.fetch(`${origin}/articulo`)).resolves.toMatchObject({ via: 'http' });
  });

  it('detects a JavaScript-rendered page in auto mode and renders it in the browser', async () => {
    const page = await fetcher.fetch(`${origin}/spa`);
    expect(page.via).toBe('browser');
    expect(page.body).toContain('Reseña renderizada con JavaScript');
    expect(page.body).toContain('Nota final: 9,1');
    expect(site.hits('/api/review')).toBe(1);
  });

  it("uses the caller's needsBrowser predicate", async () => {
    await expect(fetcher.fetch(`${origin}/spa`, { needsBrowser: () => false })).resolves.toMatchObject({
      via: 'http',
    });
  });

  it('refuses a redirect to a host that is not allow-listed, on both paths', async () => {
    await expect(fetcher.fetch(`${origin}/a-localhost`, { mode: 'http' })).rejects.toBeInstanceOf(
      UnsafeUrlError,
    );
    await expect(fetcher.fetch(`${origin}/a-localhost`, { mode: 'browser' })).rejects.toBeInstanceOf(
      UnsafeUrlError,
    );
    expect(site.hits('/a-localhost')).toBe(2);
  });

  it('blocks sub-requests from an allowed page to loopback hosts that are not allowed', async () => {
    warnings.length = 0;
    const page = await fetcher.fetch(`${origin}/con-fugas`, { mode: 'browser' });
    expect(page.via).toBe('browser');
    expect(page.body).toContain('Un análisis largo');
    // The page did try (the refusals were logged) and the canary server received nothing (afterEach).
    const blocked = warnings.join('\n');
    for (const path of ['/style.css', '/script.js', '/iframe', '/fetch', '/beacon']) {
      expect(blocked).toContain(`localhost:${canary.port}${path}`);
    }
    expect(blocked).toContain(`[::1]:${canary.port}/iframe-v6`);
    expect(blocked).toContain(`0.0.0.0:${canary.port}/zero`);
    expect(blocked).toContain(`/mapped`);
  });

  describe('with an empty allow-list', () => {
    const hostile = (port: number) => [
      `http://127.0.0.1:${port}/`,
      `http://127.1:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://017700000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
      `http://[64:ff9b::7f00:1]:${port}/`,
      `http://[2002:7f00:1::]:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://[::]:${port}/`,
      `http://localhost:${port}/`,
      `http://localhost.localdomain:${port}/`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://10.0.0.1:${port}/`,
      `http://172.16.0.1:${port}/`,
      `http://192.168.1.1:${port}/`,
      `http://100.64.0.1:${port}/`,
      `http://224.0.0.1:${port}/`,
      `http://255.255.255.255:${port}/`,
      `http://[fe80::1]:${port}/`,
      `http://[fc00::1]:${port}/`,
      `file:///etc/passwd`,
      `data:text/html,hi`,
      `gopher://127.0.0.1:${port}/`,
      `ftp://127.0.0.1:${port}/`,
      `javascript:alert(1)`,
      `http://user:pass@127.0.0.1:${port}/`,
    ];

    it.each(['http', 'browser', 'auto'] as const)(
      'refuses every hostile URL on the %s path',
      async (mode) => {
        const before = site.hits();
        for (const url of [...hostile(site.port), ...hostile(canary.port)]) {
          const error = await strictFetcher.fetch(url, { mode }).catch((caught: unknown) => caught);
          // localhost.localdomain does not resolve on every machine: then it fails as DNS, never as a fetch.
          if (url.includes('localhost.localdomain') && error instanceof FetchError) {
            expect(error.code).toBe('dns');
          } else {
            expect({ url, error }).toEqual({ url, error: expect.any(UnsafeUrlError) });
          }
        }
        expect(site.hits()).toBe(before);
      },
    );

    it('also refuses them at the proxy that carries the browser traffic', async () => {
      const proxy = new GuardedProxy(new UrlGuard(), silent);
      const proxyUrl = new URL(await proxy.start());
      const siteHitsBefore = site.hits();
      try {
        const viaProxy = (method: string, path: string) =>
          new Promise<number>((resolve, reject) => {
            const request = http.request({ host: proxyUrl.hostname, port: proxyUrl.port, method, path });
            request.on('response', (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            });
            request.on('connect', (response, socket) => {
              socket.destroy();
              resolve(response.statusCode ?? 0);
            });
            request.on('error', reject);
            request.end();
          });
        await expect(viaProxy('GET', `http://localhost:${canary.port}/`)).resolves.toBe(403);
        await expect(viaProxy('GET', `http://127.0.0.1:${site.port}/articulo`)).resolves.toBe(403);
        await expect(viaProxy('CONNECT', `127.0.0.1:${canary.port}`)).resolves.toBe(403);
        await expect(viaProxy('CONNECT', `[::1]:${canary.port}`)).resolves.toBe(403);
      } finally {
        await proxy.close();
      }
      expect(site.hits()).toBe(siteHitsBefore);
    });
  });

  it('honours robots.txt', async () => {
    await expect(fetcher.fetch(`${origin}/privado/ficha`, { mode: 'http' })).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    );
    await expect(fetcher.fetch(`${origin}/privado/ficha`, { mode: 'browser' })).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    );
    expect(site.hits('/privado/ficha')).toBe(0);
    expect(site.hits('/robots.txt')).toBe(1);
  });

  it('retries a 503 and gets the page on the second attempt', async () => {
    await expect(fetcher.fetch(`${origin}/inestable`, { mode: 'http' })).resolves.toMatchObject({
      status: 200,
    });
    expect(site.hits('/inestable')).toBe(2);
  });

  it('does not retry a 404', async () => {
    const error = await fetcher
      .fetch(`${origin}/no-existe`, { mode: 'http' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ status: 404, code: 'http-status' });
    expect(site.hits('/no-existe')).toBe(1);
  });

  it('aborts a body larger than maxBytes', async () => {
    await expect(fetcher.fetch(`${origin}/enorme`, { mode: 'http' })).rejects.toMatchObject({
      code: 'too-large',
    });
    expect(site.hits('/enorme')).toBe(1);
  });

  it('decodes an ISO-8859-1 page', async () => {
    const page = await fetcher.fetch(`${origin}/latin1`, { mode: 'http' });
    expect(page.body).toContain('España: el café del año.');
    const rendered = await fetcher.fetch(`${origin}/latin1`, { mode: 'browser' });
    expect(rendered.body).toContain('España: el café del año.');
  });

  it('serialises concurrent requests to one host, with the pause between them', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((index) => fetcher.fetch(`${origin}/lento?n=${index}`, { mode: 'http' })),
    );
    expect(pages.map((page) => page.body)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const slow = site.requests.filter((request) => request.path.startsWith('/lento'));
    expect(slow.map((request) => request.path)).toEqual([
      '/lento?n=1',
      '/lento?n=2',
      '/lento?n=3',
      '/lento?n=4',
    ]);
    for (let index = 1; index < slow.length; index++) {
      // The next request starts only after the previous one ended plus (about) the 50 ms pause.
      expect(slow[index].startedAt - (slow[index - 1].endedAt ?? Infinity)).toBeGreaterThanOrEqual(45);
    }
  });

  describe('browser pool', () => {
    let pool: BrowserPool;

    beforeAll(() => {
      site.route('/pagina-lenta', (_request, response) => {
        setTimeout(
          () => response.writeHead(200, { 'Content-Type': 'text/html' }).end(html(`<p>${LONG_TEXT}</p>`)),
          300,
        );
      });
      pool = new BrowserPool({
        guard: new UrlGuard({ allowedHosts: ['127.0.0.1'] }),
        userAgent: config.userAgent,
        chromiumPath: config.chromiumPath,
        maxPages: 1,
        networkIdleTimeoutMs: 1000,
        logger: silent,
      });
    });

    afterAll(async () => {
      await pool.close();
    });

    it('opens at most maxPages pages at once', async () => {
      await Promise.all([pool.fetch(`${origin}/pagina-lenta?n=1`), pool.fetch(`${origin}/pagina-lenta?n=2`)]);
      const [first, second] = site.requests.filter((request) => request.path.startsWith('/pagina-lenta'));
      expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt ?? Infinity);
    });

    it('launches a new browser when the old one dies', async () => {
      const running = await (pool as unknown as { browser: Promise<Browser> }).browser;
      const disconnected = new Promise((resolve) => running.once('disconnected', resolve));
      running.process()?.kill('SIGKILL');
      await disconnected;
      await expect(pool.fetch(`${origin}/articulo`)).resolves.toMatchObject({ status: 200, via: 'browser' });
    });
  });

  it('reads a feed through the guarded fetcher', async () => {
    await expect(fetchFeed(fetcher, `${origin}/feed.xml`)).resolves.toEqual({
      title: 'Noticias',
      items: [
        { link: `${origin}/noticias/1`, title: 'Reseña', publishedAt: new Date('2026-11-22T10:00:00Z') },
      ],
    });
  });
});
