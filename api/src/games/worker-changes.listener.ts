import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JobGateway, JobName, type JobResults, OutboxRelay, QueueName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import { gameReadKeys } from './games.service.js';

/**
 * Queues whose jobs change what the public reads show (media reviews, critic and player averages,
 * translated synopses, the news listing, prices).
 */
const CHANGING_QUEUES = [
  QueueName.Scraping,
  QueueName.Averages,
  QueueName.Translation,
  QueueName.News,
  // A price poll (the prices block, '¿Dónde y por cuánto?').
  QueueName.Prices,
] as const;

/**
 * What a completed job of the events queue changed for the reads: the game its domain event is about (a
 * language report accepted, a review changed, a release date moved), or nothing (mail, orderings' walks).
 */
export function changedByEvent(returnvalue: unknown): { igdbId: number } | 'nothing' {
  if (typeof returnvalue === 'string') {
    try {
      return changedByEvent(JSON.parse(returnvalue));
    } catch {
      return 'nothing';
    }
  }
  const dispatched = (returnvalue ?? {}) as Partial<JobResults[JobName.DispatchDomainEvent]>;
  return typeof dispatched.name === 'string' &&
    Array.isArray(dispatched.consumers) &&
    typeof dispatched.igdbId === 'number'
    ? { igdbId: dispatched.igdbId }
    : 'nothing';
}

/**
 * What a completed job of these queues changed for the reads: one game's player and critic figures (a
 * recalculation's result names its game), nothing (a CDN purge), or anything.
 */
export function changedReads(returnvalue: unknown): { igdbId: number } | 'nothing' | 'anything' {
  if (typeof returnvalue === 'string') {
    try {
      return changedReads(JSON.parse(returnvalue));
    } catch {
      return 'anything';
    }
  }
  if (typeof returnvalue !== 'object' || returnvalue === null) return 'anything';
  const recalculated = returnvalue as Partial<NonNullable<JobResults[JobName.RecalculateAverage]>>;
  if (typeof recalculated.igdbId === 'number' && typeof recalculated.userRatingCount === 'number')
    return { igdbId: recalculated.igdbId };
  const purged = returnvalue as Partial<JobResults[JobName.PurgeCdn]>;
  if (typeof purged.key === 'string' && typeof purged.provider === 'string') return 'nothing';
  return 'anything';
}

/**
 * Workers write to the database behind the API's back. When one of their jobs completes, the cached
 * anonymous reads it changed are dropped, so a scraped review or a new average shows on the next request
 * instead of after the cache's TTL and a stale-while-revalidate round. A game's recalculation (one per
 * rating, 50 a second under load) drops that game's reads only (MicroCache.forget: the catalogue's cards
 * in memory read that game's change), and the rest of the cache stays.
 *
 * Domain events are the one path for a game's other changes: the dispatch of each (events queue) drops
 * its game's reads in every API process, and the process whose request wrote the event drops them at
 * once, after the commit (OutboxRelay.onPublished), so the writer's next page already shows the change.
 */
@Injectable()
export class WorkerChangesListener implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly jobs: JobGateway,
    private readonly cache: MicroCache,
    private readonly outbox: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = [
      ...CHANGING_QUEUES.map((queue) =>
        this.jobs.onCompleted(queue, ({ returnvalue }) => this.drop(changedReads(returnvalue))),
      ),
      this.jobs.onCompleted(QueueName.Events, ({ returnvalue }) => this.drop(changedByEvent(returnvalue))),
      this.outbox.onPublished((events) => {
        const games = [...new Set(events.map((event) => event.igdbId))];
        this.cache.forget(games.flatMap((igdbId) => Object.values(gameReadKeys(igdbId))));
      }),
    ];
  }

  private drop(changed: { igdbId: number } | 'nothing' | 'anything'): void {
    if (changed === 'anything') this.cache.invalidate();
    else if (changed !== 'nothing') this.cache.forget(Object.values(gameReadKeys(changed.igdbId)));
  }

  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
