import type { ModuleRef } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { DomainEvent, JobName, JobPayloads } from '@veredicto/jobs';
import { CdnPurgeConsumer } from './consumers/cdn-purge.consumer.js';
import type { DomainEventConsumer } from './domain-event-consumer.js';
import { DomainEventDispatcher } from './domain-event-dispatcher.js';
import { DOMAIN_EVENT_CONSUMERS } from './domain-event-consumers.js';

type Dispatch = JobPayloads[JobName.DispatchDomainEvent];

/** A consumer that records what it received and fails while `failures` > 0. */
function recorder(name: string, events: DomainEvent['name'][], failures = 0) {
  const received: DomainEvent[] = [];
  const consumer: DomainEventConsumer = {
    name,
    events,
    handle: async (event) => {
      if (failures-- > 0) throw new Error(`${name} caído`);
      received.push(event);
    },
  };
  return { consumer, received };
}

function dispatcherWith(consumers: DomainEventConsumer[]) {
  const byType = new Map<unknown, DomainEventConsumer>(
    DOMAIN_EVENT_CONSUMERS.map((type, i) => [type, consumers[i]]),
  );
  const dispatcher = new DomainEventDispatcher({
    get: (type: unknown) => byType.get(type),
  } as unknown as ModuleRef);
  dispatcher.onModuleInit();
  return dispatcher;
}

/** The part of a BullMQ job the dispatcher uses: its data, updated between consumers. */
function jobOf(data: Dispatch) {
  const job = {
    data,
    updateData: async (next: Dispatch) => {
      job.data = next;
    },
  };
  return job as unknown as Job<Dispatch> & { data: Dispatch };
}

const figures: DomainEvent = { name: 'game.figures-changed', igdbId: 7, firstCritic: true };

describe('the domain-event dispatcher', () => {
  it('lists the CDN purge among the consumers of every game event', () => {
    expect(DOMAIN_EVENT_CONSUMERS).toContain(CdnPurgeConsumer);
  });

  it('hands an event to the consumers of its name only, once each, and retries only the failed ones', async () => {
    const cdn = recorder('cdn', ['game.figures-changed', 'review.changed'], 1);
    const others = DOMAIN_EVENT_CONSUMERS.slice(1).map((_, i) =>
      recorder(`otro-${i}`, ['game.languages-changed']),
    );
    const dispatcher = dispatcherWith([cdn.consumer, ...others.map((other) => other.consumer)]);
    const job = jobOf({ id: 'e1', event: figures });

    await expect(dispatcher.dispatch(job)).rejects.toThrow('cdn caído');
    expect(cdn.received).toEqual([]);
    // BullMQ's retry: the same job, its data as the failed attempt left it.
    await expect(dispatcher.dispatch(job)).resolves.toEqual({
      id: 'e1',
      name: 'game.figures-changed',
      igdbId: figures.igdbId,
      consumers: ['cdn'],
    });
    await expect(dispatcher.dispatch(job)).resolves.toMatchObject({ consumers: ['cdn'] });
    expect(cdn.received).toEqual([figures]);
    for (const other of others) expect(other.received).toEqual([]);
  });
});
