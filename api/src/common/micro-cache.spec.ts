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
});
