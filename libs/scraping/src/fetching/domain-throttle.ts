import { setTimeout as delay } from 'node:timers/promises';
import { normaliseHostname } from './fetch-config.js';

export interface DomainThrottleOptions {
  /** Minimum pause between the end of one request to a host and the start of the next. */
  minDelayMs: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface HostLane {
  /** Settles when the last queued task of this host has finished (never rejects). */
  tail: Promise<void>;
  queued: number;
  lastFinishedAt: number;
  delayMs: number;
}

/**
 * One request at a time per hostname, with a pause between requests: politeness towards the sites we
 * scrape, in this process. Each host is a promise chain; a host's entry is dropped once it is idle and
 * its pause has elapsed, so memory follows the number of hosts in use, not the number ever seen.
 */
export class DomainThrottle {
  private readonly lanes = new Map<string, HostLane>();
  private readonly minDelayMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: DomainThrottleOptions) {
    this.minDelayMs = Math.max(0, options.minDelayMs);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  }

  /** Hosts with queued work or a pause still running; exposed for monitoring and tests. */
  get trackedHosts(): number {
    this.prune();
    return this.lanes.size;
  }

  /**
   * Runs `task` when the host's previous tasks are done and the pause has elapsed. `minDelayMs` may
   * raise the pause for this request (a robots.txt Crawl-delay), never lower it below the default. A task
   * whose `signal` aborted while it waited for its turn or its pause never starts.
   */
  run<T>(hostname: string, task: () => Promise<T>, minDelayMs?: number, signal?: AbortSignal): Promise<T> {
    const key = normaliseHostname(hostname);
    this.prune();
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { tail: Promise.resolve(), queued: 0, lastFinishedAt: Number.NEGATIVE_INFINITY, delayMs: 0 };
      this.lanes.set(key, lane);
    }
    const current = lane;
    current.queued++;
    const pause = Math.max(this.minDelayMs, minDelayMs ?? 0);

    const result = current.tail.then(async () => {
      const wait = current.lastFinishedAt + Math.max(pause, current.delayMs) - this.now();
      try {
        if (wait > 0) await this.sleep(wait, signal);
        signal?.throwIfAborted();
        return await task();
      } finally {
        current.lastFinishedAt = this.now();
        current.delayMs = pause;
        current.queued--;
      }
    });
    current.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private prune(): void {
    const now = this.now();
    for (const [host, lane] of this.lanes) {
      if (lane.queued === 0 && now - lane.lastFinishedAt >= lane.delayMs) this.lanes.delete(host);
    }
  }
}
