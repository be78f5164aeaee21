import {
  DEFAULT_FETCH_CONFIG,
  fetchConfigFromEnv,
  normaliseHostname,
  parseAllowedHosts,
} from './fetch-config.js';

describe('fetch configuration', () => {
  it('has working defaults for the embedded run', () => {
    expect(fetchConfigFromEnv({})).toEqual({
      ...DEFAULT_FETCH_CONFIG,
      userAgent: 'VeredictoBot/1.0 (+http://localhost:3000/bot)',
      allowedHosts: [],
      chromiumPath: '/usr/bin/chromium',
    });
    expect(DEFAULT_FETCH_CONFIG).toMatchObject({
      timeoutMs: 15_000,
      maxBytes: 5 * 1024 * 1024,
      perDomainDelayMs: 1000,
      maxAttempts: 3,
      respectRobots: true,
      maxPages: 2,
    });
  });

  it('reads PUBLIC_URL, SCRAPER_ALLOWED_HOSTS and CHROMIUM_PATH', () => {
    const config = fetchConfigFromEnv({
      PUBLIC_URL: 'https://veredicto.es/',
      SCRAPER_ALLOWED_HOSTS: ' 127.0.0.1, LocalHost ,,[::1]',
      CHROMIUM_PATH: '/opt/chromium/chrome',
    });
    expect(config.userAgent).toBe('VeredictoBot/1.0 (+https://veredicto.es/bot)');
    expect(config.allowedHosts).toEqual(['127.0.0.1', 'localhost', '::1']);
    expect(config.chromiumPath).toBe('/opt/chromium/chrome');
  });

  it('normalises host names for comparison', () => {
    expect(normaliseHostname('[::1]')).toBe('::1');
    expect(normaliseHostname('Example.COM.')).toBe('example.com');
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});
