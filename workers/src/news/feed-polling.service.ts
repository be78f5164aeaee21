import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { NewsArticle, NewsFeed } from '@veredicto/db';
import { JobGateway, JobName, type JobResults } from '@veredicto/jobs';
import { fetchFeed } from '@veredicto/scraping/feeds/parse-feed.js';
import { WorkerPageFetcher } from '../common/page-fetcher.provider.js';
import { errorMessage } from '../common/scrape-errors.js';
import type { ProgressReporter } from '../common/progress-reporter.js';

/** Reads the registered feeds and queues one import-news job per article not stored yet. */
@Injectable()
export class FeedPollingService {
  private readonly logger = new Logger(FeedPollingService.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly pages: WorkerPageFetcher,
    private readonly jobs: JobGateway,
  ) {}

  /** `signal` (a stopping worker) ends the round before the next feed; the whole poll runs again later. */
  async poll(
    feedId: number | undefined,
    progress: ProgressReporter,
    signal?: AbortSignal,
  ): Promise<JobResults[JobName.PollFeeds]> {
    const em = this.orm.em.fork();
    const feeds = await em.find(NewsFeed, feedId === undefined ? {} : { id: feedId }, {
      orderBy: { id: 'asc' },
    });
    let enqueued = 0;
    for (const [index, feed] of feeds.entries()) {
      signal?.throwIfAborted();
      try {
        const parsed = await fetchFeed(this.pages.fetcher, feed.url, signal);
        const missing = await em
          .getRepository(NewsArticle)
          .missingLinks(parsed.items.map((item) => item.link));
        const jobs = await this.jobs.enqueueMany(
          JobName.ImportNews,
          missing.map((url) => ({ url, feedId: feed.id })),
        );
        feed.title = parsed.title.slice(0, 300) || feed.title;
        feed.lastImportedCount = jobs.length;
        feed.lastError = null;
        enqueued += jobs.length;
      } catch (error) {
        if (signal?.aborted) throw error;
        this.logger.warn(`feed ${feed.id} (${feed.url}): ${errorMessage(error)}`);
        feed.lastError = errorMessage(error);
        feed.lastImportedCount = 0;
      }
      feed.lastFetchedAt = new Date();
      await em.flush();
      await progress({
        percent: Math.round(((index + 1) / feeds.length) * 100),
        message: `feeds leídos: ${index + 1}/${feeds.length}`,
      });
    }
    return { feeds: feeds.length, enqueued };
  }
}
