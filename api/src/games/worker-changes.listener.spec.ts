import type { DomainEvent, JobGateway, OutboxRelay } from '@veredicto/jobs';
import { QueueName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import type { ReadCacheSync } from '../common/read-cache-sync.js';
import { gameReadKeys } from './games.service.js';
import { changedReads, WorkerChangesListener } from './worker-changes.listener.js';

type Completion = (event: { returnvalue: unknown }) => void;

/** The two sources the listener hears, as callables: a queue's completions and this process's publications. */
function listenerWith(cache: MicroCache) {
  const completions = new Map<QueueName, Completion>();
  let published: ((events: DomainEvent[]) => void) | undefined;
  const jobs = {
    onCompleted: (queue: QueueName, listener: Completion) => {
      completions.set(queue, listener);
      return () => completions.delete(queue);
    },
  } as unknown as JobGateway;
  const outbox = {
    onPublished: (listener: (events: DomainEvent[]) => void) => {
      published = listener;
      return () => (published = undefined);
    },
  } as unknown as OutboxRelay;
  // What ReadCacheSync does in this process (the other processes hear its NOTIFY: read-cache-sync tests).
  const announced: string[][] = [];
  const readCache = {
    forgetEverywhere: async (keys: string[]) => {
      cache.forget(keys);
      announced.push(keys);
    },
  } as unknown as ReadCacheSync;
  const listener = new WorkerChangesListener(jobs, cache, outbox, readCache);
  listener.onModuleInit();
  return {
    announced,
    complete: (queue: QueueName, returnvalue: unknown) => completions.get(queue)!({ returnvalue }),
    publish: (events: DomainEvent[]) => published!(events),
    listener,
  };
}

async function cachedDetails(cache: MicroCache, ids: number[]) {
  let loads = 0;
  for (const id of ids) await cache.get(gameReadKeys(id).detail, async () => ++loads);
  return loads;
}

describe('WorkerChangesListener', () => {
  it("reads a recalculation's game, nothing from a CDN purge, anything from other jobs", () => {
    expect(changedReads({ igdbId: 7, userRatingCount: 3 })).toEqual({ igdbId: 7 });
    expect(changedReads(JSON.stringify({ igdbId: 7, userRatingCount: 3 }))).toEqual({ igdbId: 7 });
    expect(changedReads({ key: 'game-7', provider: 'fake' })).toBe('nothing');
    expect(changedReads({ imported: 3 })).toBe('anything');
    expect(changedReads('not json')).toBe('anything');
  });

  it("drops only the recalculated game's reads when its job completes", async () => {
    const cache = new MicroCache(60_000, 100);
    const { complete } = listenerWith(cache);
    await cachedDetails(cache, [1, 2]);
    complete(QueueName.Averages, { igdbId: 1, userRatingCount: 4 });
    // Game 1 loads again; game 2 is still cached.
    expect(await cachedDetails(cache, [1, 2])).toBe(1);
  });

  it("drops the games of this process's own published events at once, before any queue answers", async () => {
    const cache = new MicroCache(60_000, 100);
    const { publish, listener, announced } = listenerWith(cache);
    await cachedDetails(cache, [1, 2, 3]);
    publish([
      { name: 'game.languages-changed', igdbId: 2 },
      { name: 'review.changed', igdbId: 3, kind: 'user' },
    ]);
    expect(await cachedDetails(cache, [1, 2, 3])).toBe(2);
    // And told the other processes which keys to drop.
    expect(announced).toEqual([[...Object.values(gameReadKeys(2)), ...Object.values(gameReadKeys(3))]]);
    listener.onModuleDestroy();
  });
});
