import type { DomainEvent, JobGateway, OutboxRelay } from '@veredicto/jobs';
import { QueueName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import { gameReadKeys } from './games.service.js';
import { changedByEvent, changedReads, WorkerChangesListener } from './worker-changes.listener.js';

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
  const listener = new WorkerChangesListener(jobs, cache, outbox);
  listener.onModuleInit();
  return {
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
  it("reads a dispatched domain event's game, and nothing from the events queue's other jobs", () => {
    const dispatched = { id: 'e1', name: 'game.languages-changed', igdbId: 42, consumers: ['cdn-purge'] };
    expect(changedByEvent(dispatched)).toEqual({ igdbId: 42 });
    expect(changedByEvent(JSON.stringify(dispatched))).toEqual({ igdbId: 42 });
    expect(changedByEvent({ messageId: 'm1', file: null })).toBe('nothing');
    expect(changedByEvent(undefined)).toBe('nothing');
    expect(changedByEvent('not json')).toBe('nothing');
    expect(changedReads({ igdbId: 7, userRatingCount: 3 })).toEqual({ igdbId: 7 });
    expect(changedReads({ key: 'game-7', provider: 'fake' })).toBe('nothing');
    expect(changedReads({ imported: 3 })).toBe('anything');
  });

  it("drops only the event's game when its dispatch completes in any process", async () => {
    const cache = new MicroCache(60_000, 100);
    const { complete } = listenerWith(cache);
    await cachedDetails(cache, [1, 2]);
    complete(QueueName.Events, { id: 'e1', name: 'game.languages-changed', igdbId: 1, consumers: [] });
    complete(QueueName.Events, { messageId: 'mail-1', file: null });
    // Game 1 loads again; game 2 is still cached.
    expect(await cachedDetails(cache, [1, 2])).toBe(1);
  });

  it("drops the games of this process's own published events at once, before any queue answers", async () => {
    const cache = new MicroCache(60_000, 100);
    const { publish, listener } = listenerWith(cache);
    await cachedDetails(cache, [1, 2, 3]);
    publish([
      { name: 'game.languages-changed', igdbId: 2 },
      { name: 'review.changed', igdbId: 3, kind: 'user' },
    ]);
    expect(await cachedDetails(cache, [1, 2, 3])).toBe(2);
    listener.onModuleDestroy();
  });
});
