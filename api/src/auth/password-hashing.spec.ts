import { RetryLaterException } from '../common/retry-later.exception.js';
import { HASHING_CONCURRENCY, HASHING_QUEUE, hashPassword, verifyPassword } from './password-hashing.js';

describe('bounded password hashing', () => {
  it('runs the bound at once, queues the next ones and refuses the rest with Retry-After', async () => {
    const burst = HASHING_CONCURRENCY + HASHING_QUEUE + 6;
    const outcomes = await Promise.allSettled(
      Array.from({ length: burst }, (_, index) => hashPassword(`contraseña-${index}`)),
    );
    const hashed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(hashed).toHaveLength(HASHING_CONCURRENCY + HASHING_QUEUE);
    expect(refused).toHaveLength(6);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RetryLaterException);
      expect((error as RetryLaterException).retryAfterSeconds).toBeGreaterThan(0);
    }
    // Every slot was given back: a full bound runs again.
    const again = await Promise.all(
      Array.from({ length: HASHING_CONCURRENCY + HASHING_QUEUE }, () => hashPassword('otra')),
    );
    expect(again).toHaveLength(HASHING_CONCURRENCY + HASHING_QUEUE);
  }, 60_000);

  it('verifies through the same bound; a malformed hash is a wrong password', async () => {
    const hash = await hashPassword('la-buena');
    expect(await verifyPassword(hash, 'la-buena')).toBe(true);
    expect(await verifyPassword(hash, 'la-mala')).toBe(false);
    expect(await verifyPassword('no-es-un-hash', 'la-buena')).toBe(false);
  });
});
