import { Injectable } from '@nestjs/common';

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/**
 * A one-second cache of anonymous catalogue reads, shared by concurrent identical requests (one query
 * answers them all). Changes made by the workers show within the TTL; changes made through this API
 * process clear it at once (`invalidate`).
 */
@Injectable()
export class MicroCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 5000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest tenth.
      let drop = Math.ceil(this.maxEntries / 10);
      for (const oldKey of this.entries.keys()) {
        this.entries.delete(oldKey);
        if (--drop === 0) break;
      }
    }
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
