import { setTimeout as sleep } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ScraperSource } from '@veredicto/db';
import { type EnqueuedJob, JobGateway, JobName, type JobResults, QueueName } from '@veredicto/jobs';
import type { ProgressReporter } from '../common/progress-reporter.js';
import { GameTranslationService } from '../translation/game-translation.service.js';
import { IgdbImportService } from './igdb-import.service.js';

/** How long the catalogue job follows its scrape-game jobs before reporting what it has. */
const CHILDREN_WAIT_MS = 15 * 60_000;
const CHILDREN_POLL_MS = 1000;

/**
 * scrape-catalogue, the general scraper: one scrape-game job per operator's source (deduplicated per
 * source, so a source already queued is not queued twice), the IGDB import when it is configured, then
 * progress from the completed scrape-game jobs until they are all done.
 */
@Injectable()
export class CatalogueScrapingService {
  constructor(
    private readonly orm: MikroORM,
    private readonly igdb: IgdbImportService,
    private readonly jobs: JobGateway,
    private readonly translations: GameTranslationService,
  ) {}

  /** `signal`: a stopping worker; the run ends at once and the job goes back to the queue. */
  async run(progress: ProgressReporter, signal?: AbortSignal): Promise<JobResults[JobName.ScrapeCatalogue]> {
    const sources = await this.orm.em
      .fork()
      // The discovery job re-reads its own sources while reviews arrive, then leaves them alone.
      .find(ScraperSource, { discovered: false }, { fields: ['id'], orderBy: { id: 'asc' } });
    const children = await this.jobs.enqueueMany(
      JobName.ScrapeGame,
      sources.map((source) => ({ sourceId: source.id })),
    );
    await progress({ percent: 5, message: `fuentes en cola: ${children.length}` });

    const imported = await this.igdb.importReleases(progress, signal);
    const gamesImported = imported.length;
    // Spanish synopses for what IGDB just brought, then the next batch of the rest; never waited for.
    await this.translations.enqueueUntranslated(imported);
    await this.followChildren(children, progress, signal);
    return { sources: sources.length, gamesImported };
  }

  private async followChildren(
    children: EnqueuedJob[],
    progress: ProgressReporter,
    signal?: AbortSignal,
  ): Promise<void> {
    if (children.length === 0) return;
    const deadline = Date.now() + CHILDREN_WAIT_MS;
    let finished = 0;
    while (Date.now() < deadline) {
      signal?.throwIfAborted();
      const states = await Promise.all(
        children.map((child) => this.jobs.queue(QueueName.Scraping).getJobState(child.jobId)),
      );
      const done = states.filter(
        (state) => state === 'completed' || state === 'failed' || state === 'unknown',
      ).length;
      if (done !== finished) {
        finished = done;
        await progress({
          percent: Math.round(10 + (done / children.length) * 90),
          message: `fuentes completadas: ${done}/${children.length}`,
        });
      }
      if (done === children.length) return;
      await sleep(CHILDREN_POLL_MS, undefined, { signal });
    }
  }
}
