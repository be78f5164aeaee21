import { Injectable } from '@nestjs/common';

interface Entry {
  /** Until when the value is fresh. */
  expires: number;
  /** Until when a stale value may still be served while a fresh one loads. */
  staleUntil: number;
  value: Promise<unknown>;
  settled: boolean;
  refreshing: boolean;
}

/**
 * A short cache of anonymous catalogue reads. Concurrent identical requests share one query; once the
 * TTL passes, the next request gets the previous answer at once while one fresh query runs behind it
 * (stale-while-revalidate, for at most a few TTLs), so no request waits on a refresh. Changes made
 * through this API process clear it (`invalidate`), and so does every completed scraping or averages job
 * of the workers (WorkerChangesListener); a read that started before a clear is not kept.
 */
@Injectable()
export class MicroCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 5000,
    private readonly staleMs = ttlMs * 5,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    // Fresh, or still loading: share it.
    if (hit && (!hit.settled || hit.expires > now)) return hit.value as Promise<T>;
    if (hit && hit.settled && hit.staleUntil > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        this.store(key, load(), hit);
      }
      return hit.value as Promise<T>;
    }
    return this.store(key, load());
  }

  invalidate(): void {
    this.entries.clear();
  }

  private store<T>(key: string, value: Promise<T>, stale?: Entry): Promise<T> {
    if (!stale) {
      this.evictIfFull();
      const entry: Entry = { expires: 0, staleUntil: 0, value, settled: false, refreshing: false };
      this.entries.set(key, entry);
      value.then(
        () => this.settle(key, entry, value),
        () => this.entries.get(key) === entry && this.entries.delete(key),
      );
      return value;
    }
    // Refresh in the background; the stale value keeps being served until the new one is ready.
    value.then(
      () => {
        if (this.entries.get(key) !== stale) return;
        const entry: Entry = { expires: 0, staleUntil: 0, value, settled: false, refreshing: false };
        this.entries.set(key, entry);
        this.settle(key, entry, value);
      },
      () => {
        stale.refreshing = false;
      },
    );
    return stale.value as Promise<T>;
  }

  private settle(key: string, entry: Entry, value: Promise<unknown>): void {
    if (this.entries.get(key) !== entry || entry.value !== value) return;
    const now = Date.now();
    entry.settled = true;
    entry.expires = now + this.ttlMs;
    entry.staleUntil = now + this.staleMs;
  }

  private evictIfFull(): void {
    if (this.entries.size < this.maxEntries) return;
    // Maps iterate in insertion order: drop the oldest tenth.
    let drop = Math.ceil(this.maxEntries / 10);
    for (const oldKey of this.entries.keys()) {
      this.entries.delete(oldKey);
      if (--drop === 0) break;
    }
  }
}
