import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JobGateway, JobName, type JobResults, OutboxRelay, QueueName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import { ReadCacheSync } from '../common/read-cache-sync.js';
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
 * A game's change made through an API process (a language report accepted, a review, a release date) is a
 * domain event: once committed (OutboxRelay.onPublished) that process drops the game's reads at once and
 * tells the others through ReadCacheSync, so the next page on any process shows it. The workers' changes
 * arrive by their jobs' completions above.
 */
@Injectable()
export class WorkerChangesListener implements OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly jobs: JobGateway,
    private readonly cache: MicroCache,
    private readonly outbox: OutboxRelay,
    private readonly readCache: ReadCacheSync,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = [
      ...CHANGING_QUEUES.map((queue) =>
        this.jobs.onCompleted(queue, ({ returnvalue }) => this.drop(changedReads(returnvalue))),
      ),
      this.outbox.onPublished((events) => {
        const games = [...new Set(events.map((event) => event.igdbId))];
        void this.readCache.forgetEverywhere(games.flatMap((igdbId) => Object.values(gameReadKeys(igdbId))));
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
