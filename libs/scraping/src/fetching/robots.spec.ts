import { FetchError } from './fetch-errors.js';
import type { FetchedPage, HttpRequestOptions } from './http-fetcher.js';
import { RobotsChecker, RobotsDisallowedError } from './robots.js';
import { UnsafeUrlError } from './url-guard.js';

const ROBOTS = `
User-agent: *
Disallow: /privado/

User-agent: VeredictoBot
Disallow: /analisis/borradores/
Crawl-delay: 2
`;

/** Stands in for the guarded HTTP fetcher; each call answers with the next scripted outcome. */
function scriptedHttp(...outcomes: (string | Error)[]) {
  const calls: { url: string; options?: HttpRequestOptions }[] = [];
  return {
    calls,
    http: {
      fetch: async (url: string, options?: HttpRequestOptions): Promise<FetchedPage> => {
        calls.push({ url, options });
        const outcome = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
        if (outcome instanceof Error) throw outcome;
        return { url, status: 200, contentType: 'text/plain', body: outcome, via: 'http' };
      },
    },
  };
}

const silent = { warn: () => undefined };

describe('RobotsChecker', () => {
  it('applies the group for VeredictoBot and caches robots.txt per origin', async () => {
    const { http, calls } = scriptedHttp(ROBOTS);
    const robots = new RobotsChecker({ http, logger: silent });
    await expect(robots.isAllowed('https://example.com/analisis/zelda')).resolves.toBe(true);
    await expect(robots.isAllowed('https://example.com/analisis/borradores/x')).resolves.toBe(false);
    // Our own group replaces the * group, as the robots.txt standard says.
    await expect(robots.isAllowed('https://example.com/privado/')).resolves.toBe(true);
    await expect(robots.crawlDelayMs('https://example.com/')).resolves.toBe(2000);
    await expect(robots.assertAllowed('https://example.com/analisis/borradores/x')).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    );
    expect(calls.map((call) => call.url)).toEqual(['https://example.com/robots.txt']);
  });

  it('shares one fetch between concurrent checks and refreshes after the TTL', async () => {
    let now = 0;
    const { http, calls } = scriptedHttp(ROBOTS);
    const robots = new RobotsChecker({ http, logger: silent, ttlMs: 1000, now: () => now });
    await Promise.all([robots.isAllowed('https://a.example/'), robots.isAllowed('https://a.example/x')]);
    expect(calls).toHaveLength(1);
    now = 1001;
    await robots.isAllowed('https://a.example/');
    expect(calls).toHaveLength(2);
  });

  it('allows everything when robots.txt is missing', async () => {
    const { http } = scriptedHttp(new FetchError('http-status', { url: 'x', status: 404 }));
    const robots = new RobotsChecker({ http, logger: silent });
    await expect(robots.isAllowed('https://example.com/anything')).resolves.toBe(true);
  });

  it.each([
    new FetchError('http-status', { url: 'x', status: 503, retryable: true }),
    new FetchError('network', { url: 'x', retryable: true }),
    new UnsafeUrlError('address', 'http://10.0.0.1/robots.txt'),
  ])('allows but logs when robots.txt cannot be read (%s)', async (failure) => {
    const warnings: string[] = [];
    let now = 0;
    const { http, calls } = scriptedHttp(failure, ROBOTS);
    const robots = new RobotsChecker({
      http,
      logger: { warn: (message) => warnings.push(message) },
      failureTtlMs: 100,
      now: () => now,
    });
    await expect(robots.isAllowed('https://example.com/analisis/borradores/x')).resolves.toBe(true);
    expect(warnings).toHaveLength(1);
    // A failure is remembered only briefly.
    now = 101;
    await expect(robots.isAllowed('https://example.com/analisis/borradores/x')).resolves.toBe(false);
    expect(calls).toHaveLength(2);
  });

  it('keeps a bounded number of origins', async () => {
    const { http, calls } = scriptedHttp(ROBOTS);
    const robots = new RobotsChecker({ http, logger: silent, maxEntries: 2 });
    for (const host of ['a', 'b', 'c', 'a']) await robots.isAllowed(`https://${host}.example/`);
    expect(calls.map((call) => call.url)).toEqual([
      'https://a.example/robots.txt',
      'https://b.example/robots.txt',
      'https://c.example/robots.txt',
      'https://a.example/robots.txt',
    ]);
  });
});
