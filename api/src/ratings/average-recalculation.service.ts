import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Rating } from '@veredicto/db';
import { JobGateway, JobName, OutboxRelay } from '@veredicto/jobs';
import { ReadCacheSync } from '../common/read-cache-sync.js';
import { retryRead } from '../common/unavailable.js';

/**
 * How long a rating request waits for the worker before answering anyway (decisions.md section 2). A
 * recalculation takes milliseconds; past this bound the worker is down or Redis is away, and the answer
 * reads the player average from the ratings themselves while the outbox makes sure the job runs later.
 */
export const RECALCULATION_WAIT_MS = 1000;

export interface PlayerAverage {
  avUserRatings: number | null;
  userRatingCount: number;
}

/**
 * The one path of every change that moves a game's figures from the API (a rating set or removed, a
 * review with a score): the change and the "recompute this game" outbox record commit in one transaction,
 * the job is sent at once, and the request waits (bounded) until a run that saw the change has stored the
 * figures, so the front's re-fetch of the average right after shows it. The API never stores an average.
 */
@Injectable()
export class AverageRecalculationService {
  constructor(
    private readonly jobs: JobGateway,
    private readonly outbox: OutboxRelay,
    private readonly em: EntityManager,
    private readonly readCache: ReadCacheSync,
  ) {}

  /** Answers the game's player average after the change (from the stored figures, or live if late). */
  async storeThenRecalculate(
    gameId: number,
    write: (tx: EntityManager) => Promise<void>,
  ): Promise<PlayerAverage | null> {
    const outboxIds = await this.em.transactional(async (tx) => {
      await write(tx);
      return this.outbox.record(tx, JobName.RecalculateAverage, [{ gameId }]);
    });
    // The change is committed: what follows only reads (and queues an idempotent job), so a lost connection
    // costs a retry of the read, not a 503 for a rating that was stored.
    const ratings = this.em.getRepository(Rating);
    const committedAt = await retryRead(() => ratings.databaseNowMicros());
    const visible = await this.jobs.enqueueAndWait(
      JobName.RecalculateAverage,
      { gameId },
      {
        isVisible: async () => {
          const row = await retryRead(() => ratings.findPlayerAverage(gameId));
          return !row || row.recalculatedAtMicros > committedAt;
        },
        timeoutMs: RECALCULATION_WAIT_MS,
        onEnqueued: () => this.outbox.markSent(outboxIds),
      },
    );
    // The catalogue's short cache must not hide the new average from the caller's next read.
    if (visible) await this.readCache.clearEverywhere();
    const row = await retryRead(() =>
      visible ? ratings.findPlayerAverage(gameId) : ratings.findLivePlayerAverage(gameId),
    );
    return row && { avUserRatings: row.avUserRatings, userRatingCount: row.userRatingCount };
  }
}
