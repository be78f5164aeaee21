import type { CdnPurger } from './cdn-purger.js';

/**
 * Gathers the keys of purge jobs that run close together into few API calls: keys asked for within
 * `windowMs` go out together, each key once, in calls of at most the provider's size. Every caller's
 * promise settles with the call that carried its keys, so a refused purge fails (and retries) its jobs.
 */
export class PurgeBatcher {
  private pending = new Map<string, Array<{ resolve: () => void; reject: (error: unknown) => void }>>();
  private timer?: NodeJS.Timeout;
  private flushQueued = false;
  /** API calls made so far (for the tests and the logs). */
  calls = 0;

  constructor(
    private readonly purger: CdnPurger,
    private readonly windowMs = 200,
  ) {}

  purge(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    if (!unique.length) return Promise.resolve();
    const waits = unique.map(
      (key) =>
        new Promise<void>((resolve, reject) => {
          const waiting = this.pending.get(key) ?? [];
          waiting.push({ resolve, reject });
          this.pending.set(key, waiting);
        }),
    );
    if (this.pending.size >= this.purger.maxKeysPerCall && !this.flushQueued) {
      // Full: send soon, still gathering what the callers of this same tick add.
      this.flushQueued = true;
      queueMicrotask(() => void this.flush());
    } else this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
    return Promise.all(waits).then(() => undefined);
  }

  /** Sends everything pending now. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushQueued = false;
    const batch = this.pending;
    this.pending = new Map();
    const keys = [...batch.keys()];
    const calls: Promise<void>[] = [];
    for (let start = 0; start < keys.length; start += this.purger.maxKeysPerCall) {
      const chunk = keys.slice(start, start + this.purger.maxKeysPerCall);
      this.calls += 1;
      calls.push(
        this.purger.purge(chunk).then(
          () => chunk.forEach((key) => batch.get(key)?.forEach((waiter) => waiter.resolve())),
          (error: unknown) =>
            chunk.forEach((key) => batch.get(key)?.forEach((waiter) => waiter.reject(error))),
        ),
      );
    }
    await Promise.all(calls);
  }
}
