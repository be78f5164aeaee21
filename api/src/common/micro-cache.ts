import { Injectable } from '@nestjs/common';

interface Entry {
  /** Until when the value is fresh. */
  expires: number;
  /** Until when a stale value may still be served while a fresh one loads. */
  staleUntil: number;
  value: Promise<unknown>;
  settled: boolean;
  refreshing: boolean;
  /** Bytes of the settled value's body (0 until settled). */
  bytes: number;
  /** The read model's stamp the value was made from (see `get`), when it was made from it alone. */
  stamp?: string;
}

/** An entry whose value is still loading (fresh once settled). */
const loading = (value: Promise<unknown>, stamp?: string): Entry => ({
  expires: 0,
  staleUntil: 0,
  value,
  settled: false,
  refreshing: false,
  bytes: 0,
  stamp,
});

/** The bytes a cached answer holds: its serialised body (Buffer), or a body inside it (search answers). */
function bytesOf(value: unknown): number {
  if (Buffer.isBuffer(value)) return value.length;
  const body = (value as { body?: unknown } | null)?.body;
  return Buffer.isBuffer(body) ? body.length : 0;
}

/**
 * A short cache of anonymous catalogue reads. Concurrent identical requests share one query; once the
 * TTL passes, the next request gets the previous answer at once while one fresh query runs behind it
 * (stale-while-revalidate, for at most a few TTLs), so no request waits on a refresh. Changes made
 * through any API process clear it (`invalidate` here, ReadCacheSync in the others), and so does every
 * completed scraping or averages job of the workers (WorkerChangesListener); a read that started before a
 * clear is not kept.
 *
 * Bounded by entries and by bytes: the long tail (random deep pages, one-off searches) is read once and
 * never again, and keeping 5,000 pages of 25 KB churns the heap's external memory into full collections
 * whose pauses are the slowest requests. `generation` tells the read model's VersionFollower
 * (libs/catalogue) that a change was made, to be read before the next answer.
 */
@Injectable()
export class MicroCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Refreshes running behind a stale answer, no request waiting on them. */
  private refreshes = 0;
  /** Goes up on every invalidation. */
  generation = 0;

  constructor(
    readonly ttlMs = 1000,
    private readonly maxEntries = 5000,
    private readonly staleMs = ttlMs * 5,
    private readonly maxBytes = 32 * 2 ** 20,
    /**
     * At most this many refreshes behind stale answers at once. On the long tail (random deep pages)
     * nearly every reuse comes after the TTL: unbounded, those detached refreshes would add queries
     * beyond what the clients themselves ask for and queue the requests that do wait on the database.
     * A stale answer whose refresh finds no room is served as it is, never past its stale window.
     */
    private readonly maxRefreshes = 4,
  ) {}

  /**
   * `stamp`: for a value made only from the read model in memory (a search page from the search index and
   * the catalogue's cards), the model's stamp at the time: the value stays fresh past its TTL for as long as
   * the model's stamp is the same (nothing it was made from has changed), and an entry of another stamp is
   * stale. A clear drops it like any other.
   */
  get<T>(key: string, load: () => Promise<T>, stamp?: string): Promise<T> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    // Fresh, or still loading: share it.
    if (hit && (!hit.settled || (stamp === undefined ? hit.expires > now : hit.stamp === stamp)))
      return hit.value as Promise<T>;
    if (hit && hit.settled && hit.staleUntil > now) {
      if (!hit.refreshing && this.refreshes < this.maxRefreshes) {
        hit.refreshing = true;
        this.refreshes++;
        const refresh = load();
        const done = () => {
          this.refreshes--;
        };
        refresh.then(done, done);
        this.store(key, refresh, hit, stamp);
      }
      return hit.value as Promise<T>;
    }
    return this.store(key, load(), undefined, stamp);
  }

  /**
   * Drops these keys' entries only (one game's reads after its figures were recalculated), and a read of
   * them already under way is not kept; every other entry stays. The generation moves all the same: what
   * was built from the database beside this cache (the catalogue's cards in memory, the search index, the
   * front door's copies) catches up with that game's change before its next answer.
   */
  forget(keys: readonly string[]): void {
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry) this.remove(key, entry);
    }
    this.generation++;
  }

  invalidate(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
  }

  private store<T>(key: string, value: Promise<T>, stale?: Entry, stamp?: string): Promise<T> {
    if (!stale) {
      const old = this.entries.get(key);
      if (old) this.remove(key, old);
      this.evictIfFull();
      const entry = loading(value, stamp);
      this.entries.set(key, entry);
      value.then(
        (resolved) => this.settle(key, entry, resolved),
        () => this.entries.get(key) === entry && this.remove(key, entry),
      );
      return value;
    }
    // Refresh in the background; the stale value keeps being served until the new one is ready.
    value.then(
      (resolved) => {
        if (this.entries.get(key) !== stale) return;
        this.remove(key, stale);
        const entry = loading(value, stamp);
        this.entries.set(key, entry);
        this.settle(key, entry, resolved);
      },
      () => {
        stale.refreshing = false;
      },
    );
    return stale.value as Promise<T>;
  }

  private settle(key: string, entry: Entry, resolved: unknown): void {
    if (this.entries.get(key) !== entry) return;
    const now = Date.now();
    entry.settled = true;
    entry.expires = now + this.ttlMs;
    entry.staleUntil = now + this.staleMs;
    entry.bytes = bytesOf(resolved);
    this.bytes += entry.bytes;
    if (this.bytes > this.maxBytes) this.evictIfFull();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Maps iterate in insertion order: the oldest entries go first, a tenth at a time. */
  private evictIfFull(): void {
    if (this.entries.size < this.maxEntries && this.bytes <= this.maxBytes) return;
    let drop = Math.ceil(this.entries.size / 10);
    for (const [oldKey, entry] of this.entries) {
      this.remove(oldKey, entry);
      if (--drop <= 0 && this.entries.size < this.maxEntries && this.bytes <= this.maxBytes) break;
    }
  }
}
