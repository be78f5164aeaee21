import { computeRetryDelay, isRetryableStatus, parseRetryAfter } from '../fetching/retry-policy.js';

/** How a store poll behaves towards one store's host (docs/PRICES.md: the budget). */
export interface StoreCallerOptions {
  /** The least time between two calls to one host. */
  intervalMs: number;
  /** Tries of one call before it counts as failed (the first included). */
  attempts?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  userAgent?: string;
}

/** A store that did not answer (network, time-out or an error status after every retry). */
export class StoreCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'StoreCallError';
  }
}

/**
 * GETs JSON from the stores' APIs politely: calls to one host are spaced (each call reserves the next free
 * slot, so concurrent callers queue), 429 and 5xx are retried with exponential backoff (Retry-After wins),
 * and every call is counted for the run's report.
 */
export class StoreCaller {
  private readonly nextSlot = new Map<string, number>();
  requests = 0;

  constructor(private readonly options: StoreCallerOptions) {}

  async getJson(url: URL, signal?: AbortSignal): Promise<unknown> {
    const attempts = this.options.attempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      await this.spaced(url.host, signal);
      this.requests++;
      let status: number | null = null;
      let retryAfter: number | undefined;
      try {
        const response = await fetch(url, {
          headers: {
            Accept: 'application/json',
            'User-Agent': this.options.userAgent ?? 'Veredicto/1.0 (precios; +https://veredicto.es)',
          },
          signal: withTimeout(this.options.timeoutMs ?? 20_000, signal),
        });
        if (response.ok) return await response.json();
        status = response.status;
        retryAfter = parseRetryAfter(response.headers.get('retry-after') ?? undefined);
        await response.body?.cancel();
        if (!isRetryableStatus(status)) throw new StoreCallError(`${url.host} respondió ${status}`, status);
      } catch (error) {
        if (error instanceof StoreCallError || signal?.aborted) throw error;
        if (attempt >= attempts) {
          throw new StoreCallError(`${url.host} no responde: ${(error as Error).message}`, null);
        }
      }
      if (attempt >= attempts) throw new StoreCallError(`${url.host} respondió ${status}`, status);
      const delay = computeRetryDelay(attempt, retryAfter, {
        baseDelayMs: this.options.baseDelayMs ?? 1000,
        maxDelayMs: 30_000,
        maxRetryAfterMs: 60_000,
      });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private async spaced(host: string, signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot.get(host) ?? Number.NEGATIVE_INFINITY);
    this.nextSlot.set(host, slot + this.options.intervalMs);
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    signal?.throwIfAborted();
  }
}

const withTimeout = (ms: number, signal?: AbortSignal): AbortSignal =>
  signal ? AbortSignal.any([AbortSignal.timeout(ms), signal]) : AbortSignal.timeout(ms);
