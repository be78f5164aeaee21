import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { CdnPurgeService } from '../cdn/cdn-purge.service.js';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { FiguresReconciliationService } from './figures-reconciliation.service.js';
import { GameFiguresService } from './game-figures.service.js';
import { UnusualActivityService } from './unusual-activity.service.js';
import { SimilarGamesService } from '../similar/similar-games.service.js';
import { PlayerTimesService } from '../diary/player-times.service.js';

/**
 * Recomputes a game's critic, Spanish-press and player figures from the source rows (idempotent), after
 * the detector of unusual rating activity has said which ratings the player average leaves out, and
 * reconciles all. What follows a change of figures (the CDN purge, alerts) is the consumers' business:
 * the recalculation writes a game.figures-changed event (workers/src/events/).
 */
@Processor(QueueName.Averages, WORKER_OPTIONS[QueueName.Averages])
export class RecalculateAverageProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(RecalculateAverageProcessor.name);

  readonly handlers: QueueHandlers<QueueName.Averages> = {
    [JobName.RecalculateAverage]: async ({
      gameId,
      mediaReviews,
    }: JobPayloads[JobName.RecalculateAverage]) => {
      // The exclusions of unusual activity first: the figures read them. A failure of the detector never
      // stops the figures: it is logged and the game is recalculated with the exclusions as they were.
      await this.unusual
        .detect(gameId)
        .catch((error: unknown) =>
          this.logger.error(
            `el detector de actividad inusual falló en el juego ${gameId}; se recalcula igualmente`,
            error instanceof Error ? error.stack : String(error),
          ),
        );
      const result = await this.figures.recompute(gameId, { mediaReviews });
      if (!result) {
        this.logger.warn(`game ${gameId} no longer exists`);
        return null;
      }
      return { gameId, ...result };
    },
    [JobName.PurgeCdn]: ({ key }: { key: string }) => this.cdn.purge(key),
    [JobName.ReconcileFigures]: () => this.reconciliation.reconcile(),
    [JobName.DetectUnusualActivity]: () => this.unusual.sweep(),
    [JobName.ComputeSimilarGames]: ({ igdbId }: { igdbId: number }) => this.similar.compute(igdbId),
    [JobName.ComputePlayerTimes]: ({ gameId }: { gameId: number }) => this.playerTimes.compute(gameId),
  };

  constructor(
    private readonly figures: GameFiguresService,
    private readonly cdn: CdnPurgeService,
    private readonly reconciliation: FiguresReconciliationService,
    private readonly unusual: UnusualActivityService,
    private readonly similar: SimilarGamesService,
    private readonly playerTimes: PlayerTimesService,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
  ) {
    super();
    registerHandlers(QueueName.Averages, this.handlers);
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY * 2;
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }
}
