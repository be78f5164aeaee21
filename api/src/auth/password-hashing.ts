import argon2 from 'argon2';
import { availableParallelism } from 'node:os';
import { RetryLaterException } from '../common/retry-later.exception.js';

/**
 * argon2 runs on libuv's thread pool (4 threads): more hashes at once only queue there, and a burst of
 * registrations made every one of them wait (200 at once: 26 s each). So at most HASHING_CONCURRENCY run,
 * HASHING_QUEUE more wait (about a second of work on 2 cores), and any further request is answered 503 with
 * Retry-After at once, so most users of a burst stay fast. The hashes leave one core to the event loop:
 * with as many hashes as cores, the refusals themselves waited seconds for it (a burst of 200 on 2 cores:
 * refused in 3.2 s at the median).
 */
export const HASHING_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism() - 1));
export const HASHING_QUEUE = 8;
export const HASHING_RETRY_AFTER_SECONDS = 2;
export const HASHING_BUSY_MESSAGE =
  'Hay demasiadas peticiones de acceso en este momento. Inténtalo de nuevo en unos segundos.';

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` within the bound, or refuses it at once (exported for its unit test). */
export async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHING_CONCURRENCY) {
    running += 1;
  } else if (waiting.length < HASHING_QUEUE) {
    // The slot is handed over by the one that finishes: `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    throw new RetryLaterException(HASHING_BUSY_MESSAGE, HASHING_RETRY_AFTER_SECONDS);
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const hash = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export const hashPassword = (password: string) => bounded(() => hash(password));

/**
 * Runs `work` holding a hashing slot, refused at once when none is free: a registration takes its slot
 * before its database checks, so a refused one costs no query (in a burst, 200 conflict checks queued on
 * the pool before the bound was even asked). `hash` inside it hashes without asking for a second slot.
 */
export const withHashingSlot = <T>(work: (hashInSlot: typeof hash) => Promise<T>): Promise<T> =>
  bounded(() => work(hash));

/** False for a wrong password or a malformed hash; throws RetryLaterException when hashing is saturated. */
export const verifyPassword = (hash: string, password: string) =>
  bounded(() => argon2.verify(hash, password).catch(() => false));
