import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';

/** How long a search that found nothing waits to be counted, at most (the operator's list is this late). */
export const MISS_FLUSH_MS = 1000;
/** Distinct terms waiting that make the counter write at once rather than at the interval. */
export const MISS_FLUSH_TERMS = 500;

/** Writes counts of searches that found nothing, each term's to be added to what is stored. */
export type MissWriter = (counts: [term: string, count: number][]) => Promise<void>;

/**
 * The searches that found nothing, counted in memory and written together (one statement per interval and
 * process, whatever the number of misses), so that a miss costs the search no round trip to the database:
 * under real traffic most searches miss. A failed write keeps its counts for the next one; the counts still
 * waiting are written when the API stops.
 */
export class SearchMissCounter implements BeforeApplicationShutdown {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly logger = new Logger(SearchMissCounter.name);

  constructor(
    private readonly write: MissWriter,
    private readonly flushMs = MISS_FLUSH_MS,
  ) {}

  /** One more search of `term` (normalised) that found nothing. */
  count(term: string): void {
    const key = term.slice(0, 100);
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (this.pending.size >= MISS_FLUSH_TERMS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes every count waiting (after any write under way); a failure puts them back. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return this.writing;
    const counts = [...this.pending];
    this.pending = new Map();
    this.writing = this.writing.then(() =>
      this.write(counts).catch((error: unknown) => {
        this.logger.warn(`búsquedas sin resultados no contadas aún (${counts.length}): ${String(error)}`);
        for (const [term, count] of counts) this.pending.set(term, (this.pending.get(term) ?? 0) + count);
        if (!this.timer) {
          this.timer = setTimeout(() => void this.flush(), this.flushMs);
          this.timer.unref();
        }
      }),
    );
    return this.writing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
