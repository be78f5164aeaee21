import { RetryLaterException } from '../common/retry-later.exception.js';
import {
  bounded,
  HASHING_CONCURRENCY,
  HASHING_QUEUE,
  hashPassword,
  verifyPassword,
} from './password-hashing.js';

describe('bounded password hashing', () => {
  it('runs the bound at once, queues the next ones and refuses the rest with Retry-After', async () => {
    const releases: Array<() => void> = [];
    let started = 0;
    // Work that lasts until the test releases it: the bound is checked without burning CPU.
    const work = () =>
      new Promise<number>((resolve) => {
        started += 1;
        releases.push(() => resolve(started));
      });
    const burst = HASHING_CONCURRENCY + HASHING_QUEUE + 6;
    const outcomes = Array.from({ length: burst }, () =>
      bounded(work).then(
        () => 'hecho',
        (error) => error,
      ),
    );
    const refused = (await Promise.all(outcomes.slice(HASHING_CONCURRENCY + HASHING_QUEUE))) as unknown[];
    expect(started).toBe(HASHING_CONCURRENCY);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RetryLaterException);
      expect((error as RetryLaterException).retryAfterSeconds).toBeGreaterThan(0);
    }
    // Each finished job hands its slot to the next one waiting.
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(outcomes.slice(0, HASHING_CONCURRENCY + HASHING_QUEUE))).toEqual(
      Array(HASHING_CONCURRENCY + HASHING_QUEUE).fill('hecho'),
    );
    expect(started).toBe(HASHING_CONCURRENCY + HASHING_QUEUE);
    // Every slot was given back: a full bound runs again.
    const again = Array.from({ length: HASHING_CONCURRENCY }, () => bounded(async () => 1));
    expect(await Promise.all(again)).toEqual(Array(HASHING_CONCURRENCY).fill(1));
  });

  it('verifies through the same bound; a malformed hash is a wrong password', async () => {
    const hash = await hashPassword('la-buena');
    expect(await verifyPassword(hash, 'la-buena')).toBe(true);
    expect(await verifyPassword(hash, 'la-mala')).toBe(false);
    expect(await verifyPassword('no-es-un-hash', 'la-buena')).toBe(false);
  }, 120_000);
});
