import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { NewsFeed } from '@veredicto/db';
import { JobGateway, JobName } from '@veredicto/jobs';
import { parseScrapeUrl } from '../common/scrape-url.js';

export const presentFeed = (feed: NewsFeed) => ({
  id: feed.id,
  url: feed.url,
  title: feed.title ?? null,
  lastFetchedAt: feed.lastFetchedAt?.toISOString() ?? null,
  lastImportedCount: feed.lastImportedCount,
  lastError: feed.lastError ?? null,
  createdAt: feed.createdAt.toISOString(),
});

/** The RSS/Atom feeds read every 30 minutes by the workers. */
@Injectable()
export class FeedsService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list() {
    return (await this.em.find(NewsFeed, {}, { orderBy: { id: 'asc' } })).map(presentFeed);
  }

  /** Stores the feed (once per URL) and reads it right away. */
  async add(input: string) {
    const url = parseScrapeUrl(input, this.config.SCRAPER_ALLOWED_HOSTS);
    const feed = await this.em.getRepository(NewsFeed).addUrl(url);
    const job = await this.jobs.enqueue(JobName.PollFeeds, { feedId: feed.id });
    return { ...presentFeed(feed), ...job };
  }

  async remove(id: number): Promise<void> {
    const deleted = await this.em.nativeDelete(NewsFeed, { id });
    if (deleted === 0) throw new NotFoundException('Feed no encontrado');
  }
}
