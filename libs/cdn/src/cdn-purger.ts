/**
 * Purging a CDN's cache by surrogate key. One interface, one adapter per provider's API, chosen by
 * CDN_PROVIDER; `none` keeps the job working (and testable) on a site without a CDN.
 */
export interface CdnPurger {
  readonly provider: 'none' | 'cloudflare' | 'fastly';
  /** Most keys one API call accepts. */
  readonly maxKeysPerCall: number;
  /** Purges these keys (at most maxKeysPerCall) in one call; rejects when the provider refuses. */
  purge(keys: readonly string[]): Promise<void>;
}

export interface CdnSettings {
  CDN_PROVIDER: 'none' | 'cloudflare' | 'fastly';
  CDN_API_URL?: string;
  CDN_API_TOKEN?: string;
  CDN_ZONE_ID?: string;
}

export class CdnPurgeError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    detail: string,
  ) {
    super(`purga de ${provider} rechazada (${status}): ${detail}`);
    this.name = 'CdnPurgeError';
  }
}

const TIMEOUT_MS = 10_000;

async function post(url: string, init: { headers: Record<string, string>; body: string }) {
  return fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** Cloudflare: POST /zones/{zone}/purge_cache {"tags": [...]}, at most 30 tags a call. */
export class CloudflarePurger implements CdnPurger {
  readonly provider = 'cloudflare';
  readonly maxKeysPerCall = 30;

  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly zoneId: string,
  ) {}

  async purge(keys: readonly string[]): Promise<void> {
    const response = await post(`${this.apiUrl}/zones/${encodeURIComponent(this.zoneId)}/purge_cache`, {
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: keys }),
    });
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      errors?: Array<{ code?: number; message?: string }>;
    } | null;
    if (!response.ok || body?.success !== true) {
      const detail = body?.errors
        ?.map((error) => `${error.code ?? ''} ${error.message ?? ''}`.trim())
        .join('; ');
      throw new CdnPurgeError(this.provider, response.status, detail || 'respuesta sin éxito');
    }
  }
}

/** Fastly: POST /service/{id}/purge {"surrogate_keys": [...]}, at most 256 keys a call. */
export class FastlyPurger implements CdnPurger {
  readonly provider = 'fastly';
  readonly maxKeysPerCall = 256;

  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly serviceId: string,
  ) {}

  async purge(keys: readonly string[]): Promise<void> {
    const response = await post(`${this.apiUrl}/service/${encodeURIComponent(this.serviceId)}/purge`, {
      headers: { 'Fastly-Key': this.token, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ surrogate_keys: keys }),
    });
    // A successful answer maps every key to its purge id.
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !body || keys.some((key) => typeof body[key] !== 'string')) {
      const detail =
        body && typeof body.msg === 'string' ? body.msg : 'respuesta sin los identificadores de purga';
      throw new CdnPurgeError(this.provider, response.status, detail);
    }
  }
}

/** No CDN: nothing to purge. */
export class NoCdnPurger implements CdnPurger {
  readonly provider = 'none';
  readonly maxKeysPerCall = 1000;

  async purge(): Promise<void> {}
}

export function createCdnPurger(settings: CdnSettings): CdnPurger {
  const token = settings.CDN_API_TOKEN ?? '';
  const zone = settings.CDN_ZONE_ID ?? '';
  switch (settings.CDN_PROVIDER) {
    case 'cloudflare':
      return new CloudflarePurger(
        settings.CDN_API_URL ?? 'https://api.cloudflare.com/client/v4',
        token,
        zone,
      );
    case 'fastly':
      return new FastlyPurger(settings.CDN_API_URL ?? 'https://api.fastly.com', token, zone);
    default:
      return new NoCdnPurger();
  }
}
