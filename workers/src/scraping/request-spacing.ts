/**
 * Keeps calls to a rate-limited API at least `intervalMs` apart, in the order they were made. Each call
 * reserves the next free slot before it waits, so callers that arrive together (two jobs of one process)
 * get successive slots instead of sending at once.
 */
export class RequestSpacing {
  private nextSlot = Number.NEGATIVE_INFINITY;

  constructor(private readonly intervalMs: number) {}

  /** Resolves when the caller may send; rejects if `signal` was aborted by then. */
  async take(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    signal?.throwIfAborted();
  }
}
