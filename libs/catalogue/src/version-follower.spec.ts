import { VersionFollower } from './version-follower.js';

describe('VersionFollower', () => {
  it('after a clear, makes the next reader wait for one read of every follower that starts after it', async () => {
    const invalidations = { generation: 0 };
    const follower = new VersionFollower(invalidations, () => undefined);
    const reads: string[] = [];
    let release: () => void = () => undefined;
    follower.add({ follow: async () => void reads.push('catalogue') });
    follower.add({
      follow: () =>
        new Promise<void>((resolve) => {
          reads.push('search');
          release = resolve;
        }),
    });
    expect(follower.fresh).toBe(true);
    await follower.catchUp();
    expect(reads).toEqual([]);

    invalidations.generation++;
    expect(follower.fresh).toBe(false);
    const first = follower.catchUp();
    const second = follower.catchUp();
    await Promise.resolve();
    release();
    await Promise.all([first, second]);
    expect(reads).toEqual(['catalogue', 'search']);
    expect(follower.fresh).toBe(true);
  });

  it('stays owing the read when a follower fails', async () => {
    const invalidations = { generation: 0 };
    const follower = new VersionFollower(invalidations, () => undefined);
    let fail = true;
    follower.add({ follow: async () => (fail ? Promise.reject(new Error('base caída')) : undefined) });
    invalidations.generation++;
    await expect(follower.catchUp()).rejects.toThrow('base caída');
    expect(follower.fresh).toBe(false);
    fail = false;
    await follower.catchUp();
    expect(follower.fresh).toBe(true);
  });

  it('reads every follower each tick of its one loop', async () => {
    const follower = new VersionFollower({ generation: 0 }, () => undefined, 20);
    let reads = 0;
    follower.add({ follow: async () => void reads++ });
    follower.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    follower.stop();
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
