import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { FetchError } from './fetch-errors.js';
import { HttpFetcher, type HttpFetcherOptions } from './http-fetcher.js';
import { UnsafeUrlError, UrlGuard } from './url-guard.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('HttpFetcher', () => {
  let server: http.Server;
  let origin: string;
  let port: number;
  const routes = new Map<string, Handler>();
  const hits: string[] = [];
  const headersSeen: IncomingMessage['headers'][] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      headersSeen.push(request.headers);
      const handler = routes.get(request.url ?? '');
      if (handler) handler(request, response);
      else response.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    routes.clear();
    hits.length = 0;
    headersSeen.length = 0;
  });

  function fetcher(options: Partial<HttpFetcherOptions> = {}) {
    const sleeps: number[] = [];
    const instance = new HttpFetcher({
      guard: new UrlGuard({ allowedHosts: ['127.0.0.1'] }),
      userAgent: 'VeredictoBot/1.0 (+http://localhost:3000/bot)',
      retryBaseDelayMs: 100,
      maxRetryAfterMs: 5000,
      random: () => 0,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
    return { instance, sleeps };
  }

  function sequence(...steps: Handler[]): Handler {
    let index = 0;
    return (request, response) => steps[Math.min(index++, steps.length - 1)](request, response);
  }
  const ok: Handler = (_request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<p>Hola</p>');

  it('returns the page with the final URL and identifies itself', async () => {
    routes.set('/page', ok);
    const { instance } = fetcher();
    await expect(instance.fetch(`${origin}/page#fragment`)).resolves.toEqual({
      url: `${origin}/page#fragment`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<p>Hola</p>',
      via: 'http',
    });
    expect(headersSeen[0]).toMatchObject({
      'user-agent': 'VeredictoBot/1.0 (+http://localhost:3000/bot)',
      accept: expect.stringContaining('text/html'),
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  it('retries 503 with exponential backoff, then succeeds', async () => {
    const unavailable: Handler = (_request, response) => response.writeHead(503).end();
    routes.set('/flaky', sequence(unavailable, unavailable, ok));
    const { instance, sleeps } = fetcher();
    await expect(instance.fetch(`${origin}/flaky`)).resolves.toMatchObject({ status: 200 });
    expect(hits).toEqual(['/flaky', '/flaky', '/flaky']);
    expect(sleeps).toEqual([50, 100]);
  });

  it('gives up after maxAttempts with the last status', async () => {
    routes.set('/down', (_request, response) => response.writeHead(502).end());
    const { instance, sleeps } = fetcher({ maxAttempts: 3 });
    const error = await instance.fetch(`${origin}/down`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ code: 'http-status', status: 502, retryable: true });
    expect(hits).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('waits as long as Retry-After asks on 429, up to the cap', async () => {
    const limited =
      (seconds: string): Handler =>
      (_request, response) =>
        response.writeHead(429, { 'Retry-After': seconds }).end();
    routes.set('/limited', sequence(limited('2'), limited('3600'), ok));
    const { instance, sleeps } = fetcher();
    await expect(instance.fetch(`${origin}/limited`)).resolves.toMatchObject({ status: 200 });
    expect(sleeps).toEqual([2000, 5000]);
  });

  it('does not retry a 404 or 403', async () => {
    routes.set('/forbidden', (_request, response) => response.writeHead(403).end());
    const { instance, sleeps } = fetcher();
    await expect(instance.fetch(`${origin}/missing`)).rejects.toMatchObject({
      status: 404,
      retryable: false,
    });
    await expect(instance.fetch(`${origin}/forbidden`)).rejects.toMatchObject({ status: 403 });
    expect(hits).toEqual(['/missing', '/forbidden']);
    expect(sleeps).toEqual([]);
  });

  it('retries network errors', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { instance, sleeps } = fetcher();
    await expect(instance.fetch(`http://127.0.0.1:${closedPort}/`)).rejects.toMatchObject({
      code: 'network',
      retryable: true,
    });
    expect(sleeps).toHaveLength(2);
  });

  it('times out a server that never answers', async () => {
    routes.set('/hang', () => undefined);
    const { instance } = fetcher({ timeoutMs: 150, maxAttempts: 1 });
    await expect(instance.fetch(`${origin}/hang`)).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
    });
  });

  it('also times out a body that trickles forever', async () => {
    routes.set('/trickle', (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const timer = setInterval(() => response.write('.'), 20);
      response.on('close', () => clearInterval(timer));
    });
    const { instance } = fetcher({ timeoutMs: 200, maxAttempts: 1 });
    await expect(instance.fetch(`${origin}/trickle`)).rejects.toMatchObject({ code: 'timeout' });
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['deflate', zlib.deflateRawSync],
    ['br', zlib.brotliCompressSync],
  ] as const)('decodes %s', async (encoding, compress) => {
    const html = '<p>Reseña comprimida: ñ é</p>'.repeat(50);
    routes.set('/compressed', (_request, response) =>
      response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': encoding })
        .end(compress(Buffer.from(html))),
    );
    const { instance } = fetcher();
    await expect(instance.fetch(`${origin}/compressed`)).resolves.toMatchObject({ body: html });
  });

  it('refuses a body over the limit, announced or streamed, without retrying', async () => {
    const big = Buffer.alloc(2048, 'a');
    routes.set('/announced', (_request, response) =>
      response.writeHead(200, { 'Content-Length': big.length }).end(big),
    );
    routes.set('/streamed', (_request, response) => {
      response.writeHead(200);
      response.write(big.subarray(0, 1000));
      response.end(big.subarray(1000));
    });
    const { instance, sleeps } = fetcher({ maxBytes: 1024 });
    await expect(instance.fetch(`${origin}/announced`)).rejects.toMatchObject({ code: 'too-large' });
    await expect(instance.fetch(`${origin}/streamed`)).rejects.toMatchObject({ code: 'too-large' });
    expect(sleeps).toEqual([]);
  });

  it('refuses a small gzip body that expands beyond the limit', async () => {
    routes.set('/bomb', (_request, response) =>
      response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(1024 * 1024))),
    );
    const { instance } = fetcher({ maxBytes: 64 * 1024 });
    await expect(instance.fetch(`${origin}/bomb`)).rejects.toMatchObject({ code: 'too-large' });
  });

  it('follows relative redirects and reports the final URL', async () => {
    routes.set('/old', (_request, response) => response.writeHead(301, { Location: '/middle' }).end());
    routes.set('/middle', (_request, response) =>
      response.writeHead(302, { Location: `${origin}/new` }).end(),
    );
    routes.set('/new', ok);
    const { instance } = fetcher();
    await expect(instance.fetch(`${origin}/old`)).resolves.toMatchObject({
      url: `${origin}/new`,
      status: 200,
    });
  });

  it('stops after too many redirects', async () => {
    routes.set('/loop', (_request, response) => response.writeHead(302, { Location: '/loop' }).end());
    const { instance } = fetcher({ maxRedirects: 5 });
    await expect(instance.fetch(`${origin}/loop`)).rejects.toMatchObject({ code: 'too-many-redirects' });
    expect(hits).toHaveLength(6);
  });

  it('checks every redirect hop with the guard', async () => {
    routes.set('/to-localhost', (_request, response) =>
      response.writeHead(302, { Location: `http://localhost:${port}/secret` }).end(),
    );
    routes.set('/to-file', (_request, response) =>
      response.writeHead(302, { Location: 'file:///etc/passwd' }).end(),
    );
    routes.set('/secret', ok);
    const { instance } = fetcher();
    await expect(instance.fetch(`${origin}/to-localhost`)).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(instance.fetch(`${origin}/to-file`)).rejects.toMatchObject({ reason: 'scheme' });
    expect(hits).toEqual(['/to-localhost', '/to-file']);
  });

  it('connects to the address the guard checked, not to a fresh DNS answer', async () => {
    routes.set('/pinned', ok);
    // "pinned.test" does not exist in DNS: only the guard's answer can get this request through.
    const guard = new UrlGuard({
      allowedHosts: ['pinned.test'],
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const { instance } = fetcher({ guard });
    await expect(instance.fetch(`http://pinned.test:${port}/pinned`)).resolves.toMatchObject({ status: 200 });
    expect(headersSeen[0].host).toBe(`pinned.test:${port}`);
  });

  it('decodes a latin-1 page', async () => {
    routes.set('/latin', (_request, response) =>
      response
        .writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' })
        .end(Buffer.from('<p>Espa\u00f1a, caf\u00e9</p>', 'latin1')),
    );
    const { instance } = fetcher();
    await expect(instance.fetch(`${origin}/latin`)).resolves.toMatchObject({ body: '<p>España, café</p>' });
  });
});
