import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JobName, type JobPayloads, type JobProgress, QueueName } from '@veredicto/jobs';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { CatalogueScrapingService } from './catalogue-scraping.service.js';
import { ReviewScrapingService } from './review-scraping.service.js';

/** Every day at 05:00 (server time), when the outlets are quiet. */
const SCRAPE_CATALOGUE_PATTERN = '0 5 * * *';

/**
 * The scraping queue: reviews of one source page, and the general scraper. Concurrency stays low: a
 * browser page costs hundreds of MiB, and the catalogue job waits for its scrape-game jobs in one slot.
 */
@Processor(QueueName.Scraping, { concurrency: 2 })
export class ScrapingProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScrapingProcessor.name);

  readonly handlers: QueueHandlers<QueueName.Scraping> = {
    [JobName.ScrapeGame]: ({ sourceId }: JobPayloads[JobName.ScrapeGame], job: Job) =>
      this.reviews.scrapeSource(sourceId, (progress) => this.report(job, progress)),
    [JobName.ScrapeCatalogue]: (_payload: JobPayloads[JobName.ScrapeCatalogue], job: Job) =>
      this.catalogue.run((progress) => this.report(job, progress)),
  };

  constructor(
    private readonly reviews: ReviewScrapingService,
    private readonly catalogue: CatalogueScrapingService,
    @InjectQueue(QueueName.Scraping) private readonly queue: Queue,
  ) {
    super();
    registerHandlers(QueueName.Scraping, this.handlers);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      JobName.ScrapeCatalogue,
      { pattern: SCRAPE_CATALOGUE_PATTERN },
      { name: JobName.ScrapeCatalogue, data: { requestedBy: 'schedule' } },
    );
    this.logger.log(`scrape-catalogue scheduled (${SCRAPE_CATALOGUE_PATTERN})`);
  }

  process(job: Job): Promise<unknown> {
    return dispatch(this.handlers, job);
  }

  private async report(job: Job, progress: JobProgress): Promise<void> {
    await job.updateProgress(progress as unknown as object);
  }
}
