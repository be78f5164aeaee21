import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { AppMeta, GameFiguresRepository, repository } from '@veredicto/db';
import type { JobName, JobResults } from '@veredicto/jobs';
import { GameFiguresService } from './game-figures.service.js';

/**
 * reconcile-figures: compares every game's stored figures with the SQL truth of its source rows and
 * recomputes those that differ (through the same recalculation as the per-game job, so a corrected figure
 * also raises its figures-changed event), then stores the report that the admin screen and the metrics read.
 */
@Injectable()
export class FiguresReconciliationService {
  private readonly logger = new Logger(FiguresReconciliationService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly figures: GameFiguresService,
  ) {}

  async reconcile(): Promise<JobResults[JobName.ReconcileFigures]> {
    const em = this.orm.em.fork();
    const { checked, gameIds } = await repository(em, GameFiguresRepository).findGamesWithStaleFigures();
    // A repair: its source rows may be media reviews as well as ratings.
    for (const gameId of gameIds) await this.figures.recompute(gameId, { mediaReviews: true });
    const report = { at: new Date().toISOString(), checked, fixed: gameIds.length, gameIds };
    await em.getRepository(AppMeta).saveReconciliationReport(report);
    if (gameIds.length > 0) this.logger.warn(`cifras corregidas en ${gameIds.length} juegos`);
    return { checked, fixed: gameIds.length, gameIds };
  }
}
