import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { dispatch, progressOf, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { CatalogueScrapingService } from './catalogue-scraping.service.js';
import { ReviewDiscoveryService } from './review-discovery.service.js';
import { ReviewScrapingService } from './review-scraping.service.js';

/**
 * The scraping queue: reviews of one source page, the general scraper, and the discovery of recent games'
 * review pages. Concurrency stays low: a
 * browser page costs hundreds of MiB, and the catalogue job waits for its scrape-game jobs in one slot.
 */
@Processor(QueueName.Scraping, WORKER_OPTIONS[QueueName.Scraping])
export class ScrapingProcessor extends WorkerHost {
  readonly handlers: QueueHandlers<QueueName.Scraping> = {
    [JobName.ScrapeGame]: ({ sourceId }: JobPayloads[JobName.ScrapeGame], job: Job, signal: AbortSignal) =>
      this.reviews.scrapeSource(sourceId, progressOf(job), signal),
    [JobName.ScrapeCatalogue]: (
      _payload: JobPayloads[JobName.ScrapeCatalogue],
      job: Job,
      signal: AbortSignal,
    ) => this.catalogue.run(progressOf(job), signal),
    [JobName.DiscoverReviewSources]: (
      _payload: JobPayloads[JobName.DiscoverReviewSources],
      job: Job,
      signal: AbortSignal,
    ) => this.discovery.run(progressOf(job), signal),
  };

  constructor(
    private readonly reviews: ReviewScrapingService,
    private readonly catalogue: CatalogueScrapingService,
    private readonly discovery: ReviewDiscoveryService,
  ) {
    super();
    registerHandlers(QueueName.Scraping, this.handlers);
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }
}
