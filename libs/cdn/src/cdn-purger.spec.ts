import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CdnPurgeError, createCdnPurger } from './cdn-purger.js';
import { PurgeBatcher } from './purge-batcher.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * A local stand-in for both providers' purge endpoints, answering in their documented shapes:
 * Cloudflare `{success, errors, messages, result: {id}}`, Fastly `{<key>: <purge id>}`.
 */
function startFakeCdn(): Promise<{ server: Server; url: string; received: Received[]; refuse: Set<string> }> {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.setHeader('Content-Type', 'application/json');
      const cloudflare = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(request.url!);
      if (cloudflare) {
        const tags = body.tags as string[];
        if (
          request.headers.authorization !== 'Bearer cf-token' ||
          tags.length > 30 ||
          tags.some((tag) => refuse.has(tag))
        ) {
          response.statusCode = request.headers.authorization === 'Bearer cf-token' ? 400 : 403;
          response.end(
            JSON.stringify({
              success: false,
              errors: [{ code: 1134, message: 'Purge rejected' }],
              messages: [],
              result: null,
            }),
          );
          return;
        }
        response.end(
          JSON.stringify({ success: true, errors: [], messages: [], result: { id: cloudflare[1] } }),
        );
        return;
      }
      const fastly = /^\/service\/([^/]+)\/purge$/.exec(request.url!);
      if (fastly && request.headers['fastly-key'] === 'fastly-token') {
        const keys = body.surrogate_keys as string[];
        response.end(
          JSON.stringify(Object.fromEntries(keys.map((key, index) => [key, `108-1391560174-${index}`]))),
        );
        return;
      }
      response.statusCode = 401;
      response.end(JSON.stringify({ msg: 'Provided credentials are missing or invalid' }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        refuse,
      }),
    ),
  );
}

describe('CDN purge adapters against a local fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeCdn>>;

  beforeAll(async () => {
    fake = await startFakeCdn();
  });
  beforeEach(() => {
    fake.received.length = 0;
    fake.refuse.clear();
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const cloudflare = (token = 'cf-token') =>
    createCdnPurger({
      CDN_PROVIDER: 'cloudflare',
      CDN_API_URL: `${fake.url}/client/v4`,
      CDN_API_TOKEN: token,
      CDN_ZONE_ID: 'zona1',
    });

  it('Cloudflare: one call per 30 tags, each key once, however many jobs asked for it', async () => {
    const batcher = new PurgeBatcher(cloudflare(), 50);
    const keys = Array.from({ length: 40 }, (_, index) => `game-${index}`);
    await Promise.all([
      batcher.purge(['home', ...keys.slice(0, 20)]),
      batcher.purge(['home', ...keys.slice(10)]),
      batcher.purge(['home']),
    ]);
    expect(fake.received.map((call) => call.url)).toEqual([
      '/client/v4/zones/zona1/purge_cache',
      '/client/v4/zones/zona1/purge_cache',
    ]);
    const sent = fake.received.flatMap((call) => call.body.tags as string[]);
    expect(sent.sort()).toEqual(['home', ...keys].sort());
    expect(fake.received[0].headers.authorization).toBe('Bearer cf-token');
    expect(batcher.calls).toBe(2);
  });

  it('Cloudflare: a refused purge rejects the callers whose keys it carried', async () => {
    fake.refuse.add('news-9');
    const batcher = new PurgeBatcher(cloudflare(), 20);
    await expect(batcher.purge(['news-9', 'home'])).rejects.toThrow(CdnPurgeError);
    await expect(new PurgeBatcher(cloudflare('mal'), 1).purge(['home'])).rejects.toThrow(
      /403.*1134 Purge rejected/,
    );
  });

  it('Fastly: surrogate keys in the JSON body with the Fastly-Key header; a missing purge id is an error', async () => {
    const fastly = createCdnPurger({
      CDN_PROVIDER: 'fastly',
      CDN_API_URL: fake.url,
      CDN_API_TOKEN: 'fastly-token',
      CDN_ZONE_ID: 'servicio1',
    });
    await new PurgeBatcher(fastly, 10).purge(['game-1', 'home', 'game-1']);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({
      method: 'POST',
      url: '/service/servicio1/purge',
      body: { surrogate_keys: ['game-1', 'home'] },
    });
    const wrong = createCdnPurger({
      CDN_PROVIDER: 'fastly',
      CDN_API_URL: fake.url,
      CDN_API_TOKEN: 'otra',
      CDN_ZONE_ID: 'servicio1',
    });
    await expect(wrong.purge(['home'])).rejects.toThrow(/401.*credentials/);
  });

  it('without a CDN nothing is called', async () => {
    await new PurgeBatcher(createCdnPurger({ CDN_PROVIDER: 'none' }), 1).purge(['home']);
    expect(fake.received).toHaveLength(0);
  });
});
