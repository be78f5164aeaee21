import {
  delayAfter,
  FREE_FAILURES,
  IDLE_MS,
  MAX_DELAY_MS,
  MemoryLoginAttemptsStore,
} from './login-attempts.store.js';

describe('the per-account login limit', () => {
  it('grows the delay with each failure past the free ones, up to a minute', () => {
    expect([0, 4, 5, 6, 7, 10, 11, 40].map((failures) => delayAfter(failures))).toEqual([
      0,
      0,
      1000,
      2000,
      4000,
      32_000,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
    ]);
  });

  it('refuses attempts during the delay without counting them, and forgets on success', async () => {
    const store = new MemoryLoginAttemptsStore();
    let now = 1_000_000;
    for (let failure = 0; failure < FREE_FAILURES; failure++) {
      expect(await store.reserve('ana', now)).toBe(0);
      await store.failed('ana', now);
    }
    // Rotating addresses change nothing: the account is the key.
    expect(await store.reserve('ana', now)).toBe(1000);
    expect(await store.reserve('ana', now + 999)).toBe(1);
    now += 1000;
    expect(await store.reserve('ana', now)).toBe(0);
    // While that attempt is being judged, a parallel one waits.
    expect(await store.reserve('ana', now)).toBeGreaterThan(0);
    await store.failed('ana', now);
    expect(await store.reserve('ana', now)).toBe(2000);
    expect(await store.reserve('otra', now)).toBe(0);

    now += 2000;
    expect(await store.reserve('ana', now)).toBe(0);
    await store.succeeded('ana');
    expect(await store.reserve('ana', now)).toBe(0);
  });

  it('forgets failures after a quiet spell', async () => {
    const store = new MemoryLoginAttemptsStore();
    for (let failure = 0; failure < 20; failure++) await store.failed('ana', 0);
    expect(await store.reserve('ana', 1)).toBe(MAX_DELAY_MS - 1);
    expect(await store.reserve('ana', IDLE_MS)).toBe(0);
  });
});
