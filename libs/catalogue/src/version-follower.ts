/** One part of the read model that keeps up with the database: it reads what changed above its version. */
export interface Follower {
  /** Reads the changes above its version (or builds itself again when it is due): rejects on a failure. */
  follow(): Promise<void>;
}

/** Where the clears between processes are counted (the read cache: `invalidate` here, ReadCacheSync across). */
export interface Invalidations {
  readonly generation: number;
}

/** How often the followers read what changed. */
export const FOLLOW_EVERY_MS = 1000;

/**
 * The read model's one way to stay fresh: every FOLLOW_EVERY_MS each follower (the catalogue in memory, the
 * search index, the orderings' anchors) reads what changed above its version; and after a clear (a change
 * this process or another made, counted by `invalidations.generation`) the next reader waits for one read
 * that starts after the clear (`catchUp`), shared by every reader waiting on it. A clear is thus seen by the
 * next request, and any other change within a second.
 */
export class VersionFollower {
  private readonly followers: Follower[] = [];
  private timer?: NodeJS.Timeout;
  private inFlight: Promise<void> | null = null;
  /** The generation the read in flight started under. */
  private inFlightGeneration = -1;
  /** The read that starts when the one in flight ends, shared by every caller meanwhile. */
  private queued: Promise<void> | null = null;
  /** The generation the last complete read started under. */
  private readGeneration: number;

  constructor(
    private readonly invalidations: Invalidations,
    private readonly warn: (message: string) => void,
    private readonly everyMs = FOLLOW_EVERY_MS,
  ) {
    this.readGeneration = invalidations.generation;
  }

  add(follower: Follower): void {
    this.followers.push(follower);
  }

  start(): void {
    // A tick while a read (a rebuild, a slow database) is still running adds none behind it.
    this.timer ??= setInterval(() => {
      if (!this.inFlight) void this.read().catch((error: unknown) => this.warn(String(error)));
    }, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Whether every clear so far has been read (no read owed before the next answer). */
  get fresh(): boolean {
    return this.invalidations.generation === this.readGeneration;
  }

  /** Resolves once a read that started after the last clear is done (at once when none is owed). */
  async catchUp(): Promise<void> {
    if (!this.fresh) await this.read();
  }

  /**
   * A read of every follower that starts after the last clear: the one in flight when it did, else the one
   * queued after it, shared by every caller meanwhile.
   */
  private read(): Promise<void> {
    if (this.inFlight && this.inFlightGeneration === this.invalidations.generation) return this.inFlight;
    if (this.inFlight) {
      this.queued ??= this.inFlight
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.read();
        });
      return this.queued;
    }
    const generation = this.invalidations.generation;
    this.inFlightGeneration = generation;
    this.inFlight = this.readAll(generation).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async readAll(generation: number): Promise<void> {
    const outcomes = await Promise.allSettled(this.followers.map((each) => each.follow()));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    if (generation > this.readGeneration) this.readGeneration = generation;
  }
}
