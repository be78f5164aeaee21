import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { RateLimit, type RateLimitChange, type RateLimitEntry } from '@veredicto/db';
import { onRedisOrInProcess } from './in-process-fallback.js';

/**
 * The per-account login limit: the first FREE_FAILURES wrong passwords cost nothing, then every attempt
 * must wait a delay that doubles with each failure, up to MAX_DELAY_MS. The cap is what keeps an
 * attacker from locking the real owner out for long: at worst the owner waits a minute; the attacker
 * gets one guess a minute. Failures are forgotten after IDLE_MS without one, and on a right password.
 */
export const FREE_FAILURES = 5;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 60_000;
export const IDLE_MS = 15 * 60_000;

/** How many failures are free and how the delay grows after them. */
export interface AttemptPolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_POLICY: AttemptPolicy = {
  freeFailures: FREE_FAILURES,
  firstDelayMs: FIRST_DELAY_MS,
  maxDelayMs: MAX_DELAY_MS,
};

export const delayAfter = (failures: number, policy: AttemptPolicy = DEFAULT_POLICY) =>
  failures < policy.freeFailures
    ? 0
    : Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.freeFailures));

export interface LoginAttemptsStore {
  /**
   * Takes the next attempt for the key: 0 when it may go ahead (and, once the free failures are used,
   * holds back every other attempt until it is judged), or how many milliseconds to wait.
   */
  reserve(key: string, now: number, policy?: AttemptPolicy): Promise<number>;
  failed(key: string, now: number, policy?: AttemptPolicy): Promise<number>;
  succeeded(key: string): Promise<void>;
}

/**
 * The rules on one account's entry (count: its failures in a row; heldUntil: when the next attempt may go;
 * resetsAt: when the failures are forgotten), the same wherever the entry lives.
 */
export function reserveAttempt(
  entry: RateLimitEntry | null,
  now: number,
  policy = DEFAULT_POLICY,
): RateLimitChange<number> {
  if (!entry) return { entry: null, result: 0 };
  if (now < entry.heldUntil) return { entry, result: entry.heldUntil - now };
  // Past the free failures, this attempt holds every other back until it is judged.
  const heldUntil =
    entry.count >= policy.freeFailures ? now + delayAfter(entry.count, policy) : entry.heldUntil;
  return { entry: { ...entry, heldUntil }, result: 0 };
}

export function failAttempt(
  entry: RateLimitEntry | null,
  now: number,
  policy = DEFAULT_POLICY,
): RateLimitChange<number> {
  const count = (entry?.count ?? 0) + 1;
  const heldUntil = Math.max(entry?.heldUntil ?? 0, now + delayAfter(count, policy));
  return { entry: { count, heldUntil, resetsAt: now + IDLE_MS }, result: count };
}

/** One API process (Redis away): the counts live in memory. */
export class MemoryLoginAttemptsStore implements LoginAttemptsStore {
  private readonly entries = new Map<string, RateLimitEntry>();

  async reserve(account: string, now: number, policy = DEFAULT_POLICY): Promise<number> {
    return this.apply(account, now, reserveAttempt(this.live(account, now), now, policy));
  }

  async failed(account: string, now: number, policy = DEFAULT_POLICY): Promise<number> {
    return this.apply(account, now, failAttempt(this.live(account, now), now, policy));
  }

  async succeeded(account: string): Promise<void> {
    this.entries.delete(account);
  }

  private apply(account: string, now: number, { entry, result }: RateLimitChange<number>): number {
    if (entry) this.entries.set(account, entry);
    else this.entries.delete(account);
    if (this.entries.size > 10_000) this.sweep(now);
    return result;
  }

  private live(account: string, now: number): RateLimitEntry | null {
    const entry = this.entries.get(account);
    if (entry && entry.resetsAt <= now) {
      this.entries.delete(account);
      return null;
    }
    return entry ?? null;
  }

  private sweep(now: number): void {
    for (const [account, entry] of this.entries) if (entry.resetsAt <= now) this.entries.delete(account);
  }
}

/** Every API process on one PostgreSQL (no Redis): the same rules, each step on the account's locked row. */
export class PostgresLoginAttemptsStore implements LoginAttemptsStore {
  constructor(
    private readonly em: EntityManager,
    private readonly prefix: string,
  ) {}

  private key(account: string): string {
    return `${this.prefix}:login:${account}`;
  }

  private get limits() {
    return this.em.fork().getRepository(RateLimit);
  }

  reserve(account: string, now: number, policy = DEFAULT_POLICY): Promise<number> {
    return this.limits.change(this.key(account), now, (entry) => reserveAttempt(entry, now, policy));
  }

  failed(account: string, now: number, policy = DEFAULT_POLICY): Promise<number> {
    return this.limits.change(this.key(account), now, (entry) => failAttempt(entry, now, policy));
  }

  succeeded(account: string): Promise<void> {
    return this.limits.forget(this.key(account));
  }
}

const RESERVE = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local next = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
local now = tonumber(ARGV[1])
if now < next then return next - now end
if failures >= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'next', now + math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (failures - tonumber(ARGV[2]))))
end
return 0`;

const FAILED = `
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local next = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
local now = tonumber(ARGV[1])
local delay = 0
if failures >= tonumber(ARGV[2]) then
  delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (failures - tonumber(ARGV[2])))
end
redis.call('HSET', KEYS[1], 'next', math.max(next, now + delay))
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return failures`;

/** Every API process sharing one Redis: the same rules, each step one atomic script. */
export class RedisLoginAttemptsStore implements LoginAttemptsStore {
  private readonly inProcess = new MemoryLoginAttemptsStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(account: string): string {
    return `${this.prefix}:login:${account}`;
  }

  async reserve(account: string, now: number, policy = DEFAULT_POLICY): Promise<number> {
    const wait = await onRedisOrInProcess(
      () =>
        this.redis.eval(
          RESERVE,
          1,
          this.key(account),
          now,
          policy.freeFailures,
          policy.firstDelayMs,
          policy.maxDelayMs,
        ),
      () => this.inProcess.reserve(account, now, policy),
    );
    return Number(wait);
  }

  async failed(account: string, now: number, policy = DEFAULT_POLICY): Promise<number> {
    const failures = await onRedisOrInProcess(
      () =>
        this.redis.eval(
          FAILED,
          1,
          this.key(account),
          now,
          policy.freeFailures,
          policy.firstDelayMs,
          policy.maxDelayMs,
          IDLE_MS,
        ),
      () => this.inProcess.failed(account, now, policy),
    );
    return Number(failures);
  }

  async succeeded(account: string): Promise<void> {
    await Promise.all([
      this.inProcess.succeeded(account),
      onRedisOrInProcess(
        () => this.redis.del(this.key(account)),
        async () => 0,
      ),
    ]);
  }
}
