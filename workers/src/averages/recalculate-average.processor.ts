import { MikroORM } from '@mikro-orm/postgresql';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { Game } from '@veredicto/db';
import { JobName, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { CdnPurgeService } from '../cdn/cdn-purge.service.js';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { FiguresReconciliationService } from './figures-reconciliation.service.js';
import { recomputeGameFigures } from './game-figures.js';

/**
 * Recomputes a game's critic, Spanish-press and player figures from the source rows (idempotent), and
 * reconciles all.
 */
@Processor(QueueName.Averages, WORKER_OPTIONS[QueueName.Averages])
export class RecalculateAverageProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(RecalculateAverageProcessor.name);

  readonly handlers: QueueHandlers<QueueName.Averages> = {
    [JobName.RecalculateAverage]: async ({ gameId }: { gameId: number }) => {
      const em = this.orm.em.fork();
      const result = await recomputeGameFigures(em, gameId);
      if (!result) {
        this.logger.warn(`game ${gameId} no longer exists`);
        return null;
      }
      // The game's answers and the listings that show its averages are now stale at the CDN.
      const game = await em.findOne(Game, gameId, { fields: ['igdbId'] });
      if (game) await this.cdn.scheduleQuietly([`game-${game.igdbId}`, 'home']);
      return { gameId, ...result };
    },
    [JobName.PurgeCdn]: ({ key }: { key: string }) => this.cdn.purge(key),
    [JobName.ReconcileFigures]: async () => {
      const report = await this.reconciliation.reconcile();
      // A corrected figure is also stale at the CDN, like after a per-game recalculation.
      if (report.gameIds.length > 0) {
        const games = await this.orm.em
          .fork()
          .find(Game, { id: { $in: report.gameIds } }, { fields: ['igdbId'] });
        await this.cdn.scheduleQuietly([...games.map((game) => `game-${game.igdbId}`), 'home']);
      }
      return report;
    },
  };

  constructor(
    private readonly orm: MikroORM,
    private readonly cdn: CdnPurgeService,
    private readonly reconciliation: FiguresReconciliationService,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
  ) {
    super();
    registerHandlers(QueueName.Averages, this.handlers);
  }

  onModuleInit(): void {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY * 2;
  }

  process(job: Job): Promise<unknown> {
    return dispatch(this.handlers, job);
  }
}
