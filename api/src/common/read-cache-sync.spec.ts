import type { EntityManager } from '@mikro-orm/postgresql';
import { MicroCache } from './micro-cache.js';
import { ReadCacheSync } from './read-cache-sync.js';

// The announcement through PostgreSQL, and the listening connection, are in
// test/integration/api-processes.test.ts: two API processes on one database.
const config = { DATABASE_URL: 'postgres://127.0.0.1:1/nadie', QUEUE_PREFIX: 'entorno' };
/** No database: every statement fails. */
const noDatabase = {} as EntityManager;

describe('ReadCacheSync', () => {
  it("clears on another process's announcement of the same environment, not on its own", () => {
    const cache = new MicroCache(60_000);
    const sync = new ReadCacheSync(cache, noDatabase, config);
    const other = new ReadCacheSync(new MicroCache(60_000), noDatabase, config);
    expect(JSON.parse(sync.announcement())).toMatchObject({ prefix: 'entorno' });
    expect(sync.heard(sync.announcement())).toBe(false);
    expect(cache.generation).toBe(0);
    expect(sync.heard(other.announcement())).toBe(true);
    expect(cache.generation).toBe(1);
  });

  it("ignores another environment's announcements and payloads that are not its own", () => {
    const cache = new MicroCache(60_000);
    const sync = new ReadCacheSync(cache, noDatabase, config);
    const elsewhere = new ReadCacheSync(new MicroCache(60_000), noDatabase, {
      ...config,
      QUEUE_PREFIX: 'otro',
    });
    for (const payload of [elsewhere.announcement(), 'no es json', 'null', '', undefined])
      expect(sync.heard(payload)).toBe(false);
    expect(cache.generation).toBe(0);
  });

  it("drops only the keys another process names (one game's reads), and all of them itself", async () => {
    const cache = new MicroCache(60_000);
    const sync = new ReadCacheSync(cache, noDatabase, config);
    const otherCache = new MicroCache(60_000);
    const other = new ReadCacheSync(otherCache, noDatabase, config);
    let loads = 0;
    const load = async () => ++loads;
    for (const key of ['detail:1', 'detail:2']) await cache.get(key, load);
    await otherCache.get('detail:1', load);
    // The other process changed game 1: its own entry is dropped even though its announcement fails here.
    await expect(other.forgetEverywhere(['detail:1'])).resolves.toBeUndefined();
    expect(await otherCache.get('detail:1', load)).toBe(4);
    expect(sync.heard(other.announcement(['detail:1']))).toBe(true);
    expect(await cache.get('detail:1', load)).toBe(5);
    expect(await cache.get('detail:2', load)).toBe(2);
  });

  it('a failed announcement still clears its own cache and does not throw', async () => {
    const cache = new MicroCache(60_000);
    const sync = new ReadCacheSync(cache, noDatabase, config);
    await expect(sync.clearEverywhere()).resolves.toBeUndefined();
    expect(cache.generation).toBe(1);
  });
});
