import type { LookupAddress } from 'node:dns';
import { forbiddenAddressReason, isForbiddenAddress } from './address-policy.js';
import { FetchError } from './fetch-errors.js';
import {
  UnsafeUrlError,
  UrlGuard,
  createPinnedLookup,
  isValidUrlInput,
  validateUrlInput,
  type HostLookup,
} from './url-guard.js';

/** A resolver with fixed answers, so the tests need no DNS. */
function fakeLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const answers = table[hostname.toLowerCase().replace(/\.$/, '')];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const lookup = fakeLookup({
  localhost: ['127.0.0.1', '::1'],
  'localhost.localdomain': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'split.example': ['93.184.215.14', '10.0.0.5'],
  'public.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'example.com': ['93.184.215.14'],
  'temp.example': [],
});

const HOSTILE_URLS = [
  'http://127.1/',
  'http://0x7f.0.0.1/',
  'http://017700000001/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://127.0.0.1:8080/admin',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://192.0.2.10/',
  'http://198.51.100.7/',
  'http://203.0.113.9/',
  'http://198.18.0.1/',
  'http://240.0.0.1/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[ff02::1]/',
  'http://[2001:db8::1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:c0a8:101::1]/',
  'http://[::7f00:1]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'http://localhost/',
  'http://LOCALHOST:3000/',
  'http://localhost./',
  'http://localhost.localdomain/',
  'http://127.0.0.1.nip.io/',
  'http://metadata.example/',
  'http://split.example/',
  'file:///etc/passwd',
  'data:text/html,hi',
  'gopher://127.0.0.1/',
  'ftp://example.com/',
  'javascript:alert(1)',
  'ws://example.com/',
  'http://user:pass@example.com/',
  'http://user@example.com/',
  'not a url',
  '',
  `http://example.com/${'a'.repeat(2100)}`,
];

describe('UrlGuard', () => {
  const guard = new UrlGuard({ lookup });

  it.each(HOSTILE_URLS)('refuses %s', async (url) => {
    await expect(guard.check(url)).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('checks at least 30 hostile URLs', () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(30);
  });

  it('explains the refusal in Spanish and keeps the technical detail for logs', async () => {
    const error = await guard.check('http://2130706433/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect((error as UnsafeUrlError).message).toBe('La URL apunta a una dirección no permitida.');
    expect((error as UnsafeUrlError).reason).toBe('address');
    expect((error as UnsafeUrlError).detail).toContain('loopback');
  });

  it('gives the reason for each kind of refusal', async () => {
    const reasonOf = (url: string) =>
      guard.check(url).then(
        () => 'accepted',
        (error: UnsafeUrlError) => error.reason,
      );
    await expect(reasonOf('file:///etc/passwd')).resolves.toBe('scheme');
    await expect(reasonOf('http://user:pass@example.com/')).resolves.toBe('credentials');
    await expect(reasonOf('http://[::1]/')).resolves.toBe('address');
    await expect(reasonOf('::nonsense')).resolves.toBe('invalid');
  });

  it('accepts a public host and returns every checked address', async () => {
    const target = await guard.check('https://Public.Example/juegos?page=2#top');
    expect(target.hostname).toBe('public.example');
    expect(target.allowListed).toBe(false);
    expect(target.addresses.map((entry) => entry.address)).toEqual([
      '93.184.215.14',
      '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    ]);
    expect(target.url.href).toBe('https://public.example/juegos?page=2#top');
  });

  it('accepts public IP literals', async () => {
    await expect(guard.check('http://8.8.8.8/')).resolves.toMatchObject({ hostname: '8.8.8.8' });
    await expect(guard.check('http://[2606:4700:4700::1111]/')).resolves.toMatchObject({
      hostname: '2606:4700:4700::1111',
    });
  });

  it('lets allow-listed hosts through whatever they resolve to, and only those', async () => {
    const testGuard = new UrlGuard({ allowedHosts: ['127.0.0.1', 'LocalHost', '[::1]'], lookup });
    await expect(testGuard.check('http://127.0.0.1:4000/')).resolves.toMatchObject({ allowListed: true });
    await expect(testGuard.check('http://localhost:4000/')).resolves.toMatchObject({ allowListed: true });
    await expect(testGuard.check('http://[::1]:4000/')).resolves.toMatchObject({ allowListed: true });
    await expect(testGuard.check('http://localhost.localdomain/')).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(testGuard.check('http://10.0.0.1/')).rejects.toBeInstanceOf(UnsafeUrlError);
    // The allow-list never opens other schemes.
    await expect(testGuard.check('gopher://127.0.0.1/')).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('matches the allow-list against the normalised hostname, so 127.1 counts as 127.0.0.1', async () => {
    const testGuard = new UrlGuard({ allowedHosts: ['127.0.0.1'], lookup });
    await expect(testGuard.check('http://127.1/')).resolves.toMatchObject({ hostname: '127.0.0.1' });
  });

  it('reports an unknown host as a DNS failure, retryable only when temporary', async () => {
    const error = await guard.check('http://nope.example/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ code: 'dns', retryable: false });

    const flaky = new UrlGuard({
      lookup: async () => {
        throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
      },
    });
    await expect(flaky.check('http://example.com/')).rejects.toMatchObject({ code: 'dns', retryable: true });
    await expect(guard.check('http://temp.example/')).rejects.toMatchObject({ code: 'dns' });
  });
});

describe('validateUrlInput', () => {
  it('accepts ordinary http and https URLs synchronously', () => {
    expect(validateUrlInput('  https://www.example.com/analisis/zelda  ').href).toBe(
      'https://www.example.com/analisis/zelda',
    );
    expect(isValidUrlInput('http://example.com')).toBe(true);
  });

  it.each([
    ['ftp://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://user:pass@example.com/', 'credentials'],
    ['http://[::1]/', 'address'],
    ['http://2130706433/', 'address'],
    ['example.com', 'invalid'],
    [`https://example.com/${'x'.repeat(2048)}`, 'too-long'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(() => validateUrlInput(url)).toThrow(UnsafeUrlError);
    expect(() => validateUrlInput(url)).toThrow(expect.objectContaining({ reason }));
  });

  it('refuses values that are not strings', () => {
    expect(isValidUrlInput(undefined)).toBe(false);
    expect(isValidUrlInput(42)).toBe(false);
  });

  it('leaves host names to the asynchronous check but honours the allow-list for literals', () => {
    expect(isValidUrlInput('http://localhost/')).toBe(true);
    expect(isValidUrlInput('http://127.0.0.1:3000/', { allowedHosts: ['127.0.0.1'] })).toBe(true);
  });
});

describe('address policy', () => {
  it.each([
    ['93.184.215.14', null],
    ['8.8.8.8', null],
    ['2606:4700:4700::1111', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::808:808', null],
    ['2002:808:808::1', null],
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['100.100.100.100', 'carrierGradeNat'],
    ['::ffff:10.0.0.1', 'ipv4Mapped:private'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052:linkLocal'],
    ['64:ff9b:1::a00:1', 'rfc6052:private'],
    ['2002:a9fe:a9fe::', '6to4:linkLocal'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::', 'unspecified'],
    ['100::1', 'discard'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['4000::1', 'notGlobalUnicast'],
    ['2001:db8::1', 'reserved'],
    ['not-an-ip', 'invalid'],
  ])('%s → %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
    expect(isForbiddenAddress(address)).toBe(reason !== null);
  });
});

describe('createPinnedLookup', () => {
  const addresses: LookupAddress[] = [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
  ];

  function resolveWith(options: { family?: number | 'IPv4' | 'IPv6'; all?: boolean }) {
    return new Promise<unknown[]>((resolve) => {
      createPinnedLookup(addresses)('rebound.example', options, (...args) => resolve(args));
    });
  }

  it('answers with the checked addresses whatever host it is asked about', async () => {
    await expect(resolveWith({})).resolves.toEqual([null, '93.184.215.14', 4]);
    await expect(resolveWith({ all: true })).resolves.toEqual([null, addresses]);
    await expect(resolveWith({ family: 6 })).resolves.toEqual([null, addresses[1].address, 6]);
    await expect(resolveWith({ family: 'IPv4', all: true })).resolves.toEqual([null, [addresses[0]]]);
  });

  it('fails rather than fall back to DNS when no checked address fits the family', async () => {
    const [error] = await new Promise<unknown[]>((resolve) => {
      createPinnedLookup([addresses[0]])('x', { family: 6 }, (...args) => resolve(args));
    });
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
