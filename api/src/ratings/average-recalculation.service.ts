import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { PlayerAverage } from '@veredicto/contract';
import { Rating } from '@veredicto/db';
import { JobGateway, JobName, OutboxRelay } from '@veredicto/jobs';
import { retryRead } from '../common/unavailable.js';

/**
 * The one path of every change that moves a game's figures from the API (a rating set or removed, a
 * review with a score, a dismissed window of unusual activity): the change and the "recompute this game"
 * outbox record commit in one transaction, and the job is sent at once without the answer waiting for it.
 * The answer is the game's player average computed from its ratings as they are (one statement on one
 * game, what the recalculation will store), so it counts the caller's score whatever the queue's backlog;
 * their next read of the average does the same until the worker has stored it (docs/RELIABILITY.md,
 * "A rating"). The API never stores an average, and clears no read cache: the worker's completion of the
 * recalculation clears that game's reads (WorkerChangesListener).
 */
@Injectable()
export class AverageRecalculationService {
  private readonly logger = new Logger(AverageRecalculationService.name);

  constructor(
    private readonly jobs: JobGateway,
    private readonly outbox: OutboxRelay,
    private readonly em: EntityManager,
  ) {}

  /** Answers the game's player average after the change, or null when the game does not exist. */
  async storeThenRecalculate(
    gameId: number,
    write: (tx: EntityManager) => Promise<void>,
  ): Promise<PlayerAverage | null> {
    const outboxIds = await this.em.transactional(async (tx) => {
      await write(tx);
      return this.outbox.record(tx, JobName.RecalculateAverage, [{ gameId }]);
    });
    // Not awaited: a slow or absent queue never holds the answer; the relay sends what this did not.
    void this.jobs
      .enqueue(JobName.RecalculateAverage, { gameId })
      .then(() => this.outbox.markSent(outboxIds))
      .catch((error: unknown) =>
        this.logger.warn(
          `recálculo del juego ${gameId} a la espera del relé: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    // The change is committed: what follows only reads, so a lost connection costs a retry of the read,
    // not a 503 for a rating that was stored.
    return retryRead(() => this.em.getRepository(Rating).findLivePlayerAverage(gameId));
  }
}
