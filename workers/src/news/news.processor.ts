import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { JobName, type JobPayloads, type JobProgress, QueueName } from '@veredicto/jobs';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { FeedPollingService } from './feed-polling.service.js';
import { NewsImportService } from './news-import.service.js';

/** Every 30 minutes on the clock (a cron pattern, so a worker start does not trigger a poll at once). */
const POLL_FEEDS_PATTERN = '*/30 * * * *';

/** The news queue: one article from a URL, and the periodic reading of the registered feeds. */
@Processor(QueueName.News, { concurrency: 2 })
export class NewsProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(NewsProcessor.name);

  readonly handlers: QueueHandlers<QueueName.News> = {
    [JobName.ImportNews]: ({ url, feedId }: JobPayloads[JobName.ImportNews], job: Job) =>
      this.newsImport.importArticle(url, feedId ?? null, (progress) => this.report(job, progress)),
    [JobName.PollFeeds]: ({ feedId }: JobPayloads[JobName.PollFeeds], job: Job) =>
      this.feedPolling.poll(feedId, (progress) => this.report(job, progress)),
  };

  constructor(
    private readonly newsImport: NewsImportService,
    private readonly feedPolling: FeedPollingService,
    @InjectQueue(QueueName.News) private readonly queue: Queue,
  ) {
    super();
    registerHandlers(QueueName.News, this.handlers);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Idempotent: every worker process upserts the same scheduler.
    await this.queue.upsertJobScheduler(
      JobName.PollFeeds,
      { pattern: POLL_FEEDS_PATTERN },
      { name: JobName.PollFeeds, data: {} },
    );
    this.logger.log(`poll-feeds scheduled (${POLL_FEEDS_PATTERN})`);
  }

  process(job: Job): Promise<unknown> {
    return dispatch(this.handlers, job);
  }

  private async report(job: Job, progress: JobProgress): Promise<void> {
    await job.updateProgress(progress as unknown as object);
  }
}
