import { MicroCache } from './micro-cache.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MicroCache', () => {
  it('answers concurrent identical reads with one load, until an invalidation', async () => {
    const cache = new MicroCache(50, 100);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('forgets only the keys it is given, and moves the generation', async () => {
    const cache = new MicroCache(10_000, 100);
    let loads = 0;
    const load = async () => ++loads;
    expect([await cache.get('detail:1', load), await cache.get('detail:2', load)]).toEqual([1, 2]);
    const generation = cache.generation;
    cache.forget(['detail:1', 'timeline:1']);
    expect(cache.generation).toBe(generation + 1);
    expect([await cache.get('detail:1', load), await cache.get('detail:2', load)]).toEqual([3, 2]);
  });

  it('keeps a stamped value past its TTL while the stamp is the same, and loads again on another stamp', async () => {
    const cache = new MicroCache(20, 100, 20);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('search:zelda', load, 'a')).toBe(1);
    await sleep(60);
    // Past the TTL and the stale window: the same stamp is still fresh.
    expect(await cache.get('search:zelda', load, 'a')).toBe(1);
    // The model changed: past the stale window, the next read loads.
    expect(await cache.get('search:zelda', load, 'b')).toBe(2);
    expect(await cache.get('search:zelda', load, 'b')).toBe(2);
    // A clear drops it whatever its stamp.
    cache.invalidate();
    expect(await cache.get('search:zelda', load, 'b')).toBe(3);
  });

  it('after the TTL serves the stale value at once and refreshes it behind, once', async () => {
    const cache = new MicroCache(30, 100, 1000);
    let loads = 0;
    const load = async () => {
      await sleep(20);
      return ++loads;
    };
    expect(await cache.get('k', load)).toBe(1);
    await sleep(40);
    const [first, second] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([first, second]).toEqual([1, 1]);
    await sleep(30);
    expect(await cache.get('k', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('loads afresh once the value is older than the stale window', async () => {
    const cache = new MicroCache(10, 100, 20);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    await sleep(40);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = new MicroCache(1000, 100);
    await expect(cache.get('k', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('stays bounded', async () => {
    const cache = new MicroCache(1000, 10);
    for (let index = 0; index < 50; index++) await cache.get(String(index), async () => index);
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(10);
  });

  it('keeps its answers within a byte budget, dropping the oldest first', async () => {
    const cache = new MicroCache(1000, 100, 5000, 10_000);
    for (let index = 0; index < 30; index++) {
      await cache.get(String(index), async () => Buffer.alloc(1000, index));
    }
    const internals = cache as unknown as { entries: Map<string, unknown>; bytes: number };
    expect(internals.bytes).toBeLessThanOrEqual(10_000);
    expect(internals.entries.has('29')).toBe(true);
    expect(internals.entries.has('0')).toBe(false);
    // Search answers count by their body.
    await cache.get('search', async () => ({ body: Buffer.alloc(4000), total: 1 }));
    expect(internals.bytes).toBeLessThanOrEqual(10_000);
    expect(internals.entries.has('search')).toBe(true);
  });

  it('counts a refreshed answer once', async () => {
    const cache = new MicroCache(10, 100, 1000, 1_000_000);
    await cache.get('k', async () => Buffer.alloc(500));
    await sleep(20);
    await cache.get('k', async () => Buffer.alloc(700));
    await sleep(5);
    expect((cache as unknown as { bytes: number }).bytes).toBe(700);
  });

  it('moves its generation on every invalidation', () => {
    const cache = new MicroCache(1000, 10);
    const before = cache.generation;
    cache.invalidate();
    expect(cache.generation).toBe(before + 1);
  });

  it('runs at most a few refreshes behind stale answers at once, serving the others stale', async () => {
    const cache = new MicroCache(10, 100, 1000, 1_000_000, 2);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => `${key}0`);
    await sleep(20);
    const slow = (key: string) => async () => {
      loads++;
      await gate;
      return `${key}1`;
    };
    const answers = await Promise.all(['a', 'b', 'c'].map((key) => cache.get(key, slow(key))));
    // All three stale answers at once; only two refreshes started.
    expect(answers).toEqual(['a0', 'b0', 'c0']);
    expect(loads).toBe(2);
    release();
    await sleep(5);
    // Room again: the third refreshes on its next read.
    expect(await cache.get('c', slow('c'))).toBe('c0');
    expect(loads).toBe(3);
  });
});
