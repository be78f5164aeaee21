import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { PRIMARY_COOKIE } from './edge-policy.middleware.js';
import { FrontDoor, markSharedRead } from './front-door.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real HTTP server whose handler plays the application: it counts what reaches it, and marks its answer
 * as the read cache's shared copy unless the path says otherwise.
 */
async function serve(ttlMs: number) {
  const cache = { generation: 0 };
  const recorded: string[] = [];
  const hits: string[] = [];
  let reached = 0;
  const application = (request: IncomingMessage, response: ServerResponse) => {
    reached++;
    const url = new URL(request.url ?? '/', 'http://x');
    const locals: Record<string, unknown> = {};
    Object.assign(response, { locals });
    if (!url.searchParams.has('personal')) markSharedRead({ locals });
    if (url.searchParams.has('cookie')) response.setHeader('Set-Cookie', 'a=1');
    response.statusCode = url.searchParams.has('missing') ? 404 : 200;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60');
    const body = JSON.stringify({ answer: reached, path: url.pathname });
    if (/gzip/.test(String(request.headers['accept-encoding']))) {
      response.setHeader('Content-Encoding', 'gzip');
      // Written in two pieces, as a compressing stream does.
      const zipped = gzipSync(body);
      response.write(zipped.subarray(0, 5));
      response.end(zipped.subarray(5));
    } else {
      response.end(body);
    }
  };
  const server: Server = createServer(application);
  const frontDoor = new FrontDoor(cache, {
    ttlMs,
    record: (method, route, status) => recorded.push(`${method} ${route} ${status}`),
    countHit: (route) => hits.push(route),
  });
  frontDoor.install(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    // fetch asks for compression unless told otherwise.
    const response = await fetch(`${base}${path}`, {
      headers: { 'accept-encoding': 'identity', ...headers },
      method,
    });
    const text = method === 'HEAD' ? '' : await response.text();
    return { status: response.status, headers: response.headers, text };
  };
  return {
    cache,
    get,
    reached: () => reached,
    recorded,
    hits,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('FrontDoor', () => {
  let site: Awaited<ReturnType<typeof serve>>;
  afterEach(async () => site.close());

  it('answers a repeated anonymous read from the copy, with the same status, headers and bytes', async () => {
    site = await serve(1000);
    const first = await site.get('/api/games/all?page=1');
    const second = await site.get('/api/games/all?page=1');
    expect(site.reached()).toBe(1);
    expect(second.text).toBe(first.text);
    expect(second.status).toBe(200);
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(second.headers.get('content-length'))).toBe(Buffer.byteLength(first.text));
    expect(site.recorded).toEqual(['GET sin_ruta 200']);
    expect(site.hits).toEqual(['sin_ruta']);
    // Another URL is another answer.
    await site.get('/api/games/all?page=2');
    expect(site.reached()).toBe(2);
  });

  it('keeps one copy per Accept-Encoding, compressed bytes as written', async () => {
    site = await serve(1000);
    const plain = await site.get('/a');
    const zipped = await site.get('/a', { 'accept-encoding': 'gzip' });
    const zippedAgain = await site.get('/a', { 'accept-encoding': 'gzip' });
    expect(site.reached()).toBe(2);
    expect(zippedAgain.headers.get('content-encoding')).toBe('gzip');
    // fetch unzips: the copy's bytes are a whole, valid gzip stream of the first answer.
    expect(zippedAgain.text).toBe(zipped.text);
    expect(JSON.parse(zipped.text)).toEqual({ answer: 2, path: '/a' });
    expect(JSON.parse(plain.text)).toEqual({ answer: 1, path: '/a' });
  });

  it('lets through whatever is personal, written, unmarked or not a plain success', async () => {
    site = await serve(1000);
    const twice = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const before = site.reached();
      await site.get(path, headers, method);
      await site.get(path, headers, method);
      return site.reached() - before;
    };
    expect(await twice('/b', { authorization: 'Bearer x' })).toBe(2);
    expect(await twice('/c', { cookie: `other=1; ${PRIMARY_COOKIE}=1` })).toBe(2);
    expect(await twice('/d', {}, 'HEAD')).toBe(2);
    expect(await twice('/e?personal')).toBe(2);
    expect(await twice('/f?missing')).toBe(2);
    expect(await twice('/g?cookie')).toBe(2);
    expect(site.hits).toEqual([]);
  });

  it('drops its copies when the read cache is invalidated, and when they are older than its TTL', async () => {
    site = await serve(60);
    await site.get('/h');
    await site.get('/h');
    expect(site.reached()).toBe(1);
    site.cache.generation++;
    const fresh = await site.get('/h');
    expect(JSON.parse(fresh.text).answer).toBe(2);
    await sleep(80);
    await site.get('/h');
    expect(site.reached()).toBe(3);
  });

  it('keeps nothing when the read cache is off', async () => {
    site = await serve(0);
    await site.get('/i');
    await site.get('/i');
    expect(site.reached()).toBe(2);
  });
});
