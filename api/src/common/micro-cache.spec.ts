import { MicroCache } from './micro-cache.js';

describe('MicroCache', () => {
  it('answers concurrent identical reads with one load, until the TTL or an invalidation', async () => {
    const cache = new MicroCache(50, 100);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', load)).toBe(3);
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
