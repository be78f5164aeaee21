import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { forbiddenAddressReason } from './address-policy.js';
import { normaliseHostname } from './fetch-config.js';
import { FetchError } from './fetch-errors.js';

export const MAX_URL_LENGTH = 2048;

export type UnsafeUrlReason = 'invalid' | 'too-long' | 'scheme' | 'credentials' | 'host' | 'address';

const MESSAGES: Record<UnsafeUrlReason, string> = {
  invalid: 'La URL no es válida.',
  'too-long': `La URL es demasiado larga (máximo ${MAX_URL_LENGTH} caracteres).`,
  scheme: 'Solo se admiten URL http o https.',
  credentials: 'La URL no puede incluir usuario ni contraseña.',
  host: 'La URL no indica un servidor válido.',
  address: 'La URL apunta a una dirección no permitida.',
};

/** A URL the scrapers refuse to fetch. The message is Spanish because the API shows it to the admin. */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';

  constructor(
    readonly reason: UnsafeUrlReason,
    readonly url: string,
    /** For logs only (which address, which range); never shown to users. */
    readonly detail?: string,
  ) {
    super(MESSAGES[reason]);
  }
}

export interface UrlInputOptions {
  allowedHosts?: readonly string[];
}

/**
 * Synchronous checks for API input, so a bad URL gets a 400 before anything is enqueued: a string of at
 * most 2048 characters, http or https, a host, no credentials, and no literal IP address outside the
 * public ranges. Host names are only resolved later, by {@link UrlGuard.check}, right before fetching.
 */
export function validateUrlInput(input: unknown, options: UrlInputOptions = {}): URL {
  if (typeof input !== 'string' || input.trim() === '') throw new UnsafeUrlError('invalid', String(input));
  const raw = input.trim();
  if (raw.length > MAX_URL_LENGTH) throw new UnsafeUrlError('too-long', raw.slice(0, 100));

  let url: URL;
  try {
    // WHATWG parsing turns numeric hosts such as 127.1, 0x7f.0.0.1 or 2130706433 into dotted IPv4.
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('invalid', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError('scheme', raw);
  if (url.username !== '' || url.password !== '') throw new UnsafeUrlError('credentials', raw);
  if (url.href.length > MAX_URL_LENGTH) throw new UnsafeUrlError('too-long', raw.slice(0, 100));

  const hostname = normaliseHostname(url.hostname);
  if (hostname === '') throw new UnsafeUrlError('host', raw);
  if (isIP(hostname) !== 0 && !isAllowListed(hostname, options.allowedHosts)) {
    const reason = forbiddenAddressReason(hostname);
    if (reason !== null) throw new UnsafeUrlError('address', raw, `${hostname} (${reason})`);
  }
  return url;
}

/** True when `input` passes {@link validateUrlInput}; convenient for DTO validators. */
export function isValidUrlInput(input: unknown, options: UrlInputOptions = {}): boolean {
  try {
    validateUrlInput(input, options);
    return true;
  } catch {
    return false;
  }
}

function isAllowListed(hostname: string, allowedHosts: readonly string[] | undefined): boolean {
  return (allowedHosts ?? []).some((allowed) => normaliseHostname(allowed) === hostname);
}

export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

/** A URL that passed the guard, with the addresses it may be connected to. */
export interface GuardedTarget {
  url: URL;
  /** Lower case, without IPv6 brackets or trailing dot. */
  hostname: string;
  addresses: LookupAddress[];
  allowListed: boolean;
  /** Hand this to node:http / node:net so the socket goes to a checked address, never a fresh DNS answer. */
  lookup: LookupFunction;
}

export interface UrlGuardOptions {
  allowedHosts?: readonly string[];
  /** Resolves every address of a host; injectable so tests need no DNS. */
  lookup?: HostLookup;
}

const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

/**
 * The SSRF guard: every URL the scrapers touch (first request, each redirect, robots.txt, each browser
 * sub-request) goes through {@link UrlGuard.check}. Every address the host resolves to must be public,
 * otherwise an attacker could list one public and one private address and win half the time.
 */
export class UrlGuard {
  readonly allowedHosts: readonly string[];
  private readonly allowed: ReadonlySet<string>;
  private readonly resolveHost: HostLookup;

  constructor(options: UrlGuardOptions = {}) {
    this.allowedHosts = (options.allowedHosts ?? []).map(normaliseHostname).filter((host) => host !== '');
    this.allowed = new Set(this.allowedHosts);
    this.resolveHost = options.lookup ?? systemLookup;
  }

  isAllowListed(hostname: string): boolean {
    return this.allowed.has(normaliseHostname(hostname));
  }

  /** Throws {@link UnsafeUrlError} for a refused URL and {@link FetchError} ('dns') when the host does not resolve. */
  async check(input: string | URL): Promise<GuardedTarget> {
    const url = validateUrlInput(typeof input === 'string' ? input : input.href, {
      allowedHosts: this.allowedHosts,
    });
    const hostname = normaliseHostname(url.hostname);
    const allowListed = this.allowed.has(hostname);
    const literalFamily = isIP(hostname);
    const addresses =
      literalFamily !== 0
        ? [{ address: hostname, family: literalFamily }]
        : await this.resolve(url.hostname.replace(/^\[|\]$/g, ''), url.href);

    if (!allowListed) {
      for (const { address } of addresses) {
        const reason = forbiddenAddressReason(address);
        if (reason !== null) {
          throw new UnsafeUrlError('address', url.href, `${hostname} → ${address} (${reason})`);
        }
      }
    }
    return { url, hostname, addresses, allowListed, lookup: createPinnedLookup(addresses) };
  }

  private async resolve(hostname: string, href: string): Promise<LookupAddress[]> {
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolveHost(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // EAI_AGAIN is a temporary resolver failure; ENOTFOUND means the name does not exist.
      throw new FetchError('dns', { url: href, retryable: code === 'EAI_AGAIN', cause: error });
    }
    if (addresses.length === 0) throw new FetchError('dns', { url: href });
    return addresses;
  }
}

/**
 * A `lookup` for node:http, node:https and node:net that answers only with addresses checked beforehand,
 * which closes the DNS-rebinding window between the check and the connection.
 */
export function createPinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const candidates = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
    if (candidates.length === 0) {
      const error: NodeJS.ErrnoException = new Error('No checked address for this family');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all) callback(null, candidates);
    else callback(null, candidates[0].address, candidates[0].family);
  };
}
