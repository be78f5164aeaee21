import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { CdnPurgeService } from '../cdn/cdn-purge.service.js';
import { dispatch, progressOf, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { FeedPollingService } from './feed-polling.service.js';
import { NewsImportService } from './news-import.service.js';

/** The news queue: one article from a URL, and the periodic reading of the registered feeds. */
@Processor(QueueName.News, WORKER_OPTIONS[QueueName.News])
export class NewsProcessor extends WorkerHost {
  readonly handlers: QueueHandlers<QueueName.News> = {
    [JobName.ImportNews]: async (
      { url, feedId }: JobPayloads[JobName.ImportNews],
      job: Job,
      signal: AbortSignal,
    ) => {
      const result = await this.newsImport.importArticle(url, feedId ?? null, progressOf(job), signal);
      // A new or refreshed article changes its own answer and the listing.
      await this.cdn.scheduleQuietly([`news-${result.newsId}`, 'home']);
      return result;
    },
    [JobName.PollFeeds]: ({ feedId }: JobPayloads[JobName.PollFeeds], job: Job, signal: AbortSignal) =>
      this.feedPolling.poll(feedId, progressOf(job), signal),
  };

  constructor(
    private readonly newsImport: NewsImportService,
    private readonly feedPolling: FeedPollingService,
    private readonly cdn: CdnPurgeService,
  ) {
    super();
    registerHandlers(QueueName.News, this.handlers);
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }
}
