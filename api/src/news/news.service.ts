import { EntityManager, QueryOrder } from '@mikro-orm/postgresql';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { currentReadRoute, NewsArticle } from '@veredicto/db';
import { type EnqueuedJob, JobGateway, JobName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';
import { ReadCacheSync } from '../common/read-cache-sync.js';
import { parseScrapeUrl } from '../common/scrape-url.js';
import type { JsonBody } from '../games/games.service.js';
import { presentNews } from './news.presenter.js';

export const NEWS_NOT_FOUND = 'Noticia no encontrada';
/** The listing has no pagination in the contract; this keeps its answer bounded. */
const MAX_LISTED = 1000;

@Injectable()
export class NewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: MicroCache,
    private readonly readCache: ReadCacheSync,
  ) {}

  /**
   * The listing is the same for every visitor and changes only when an article is imported or deleted:
   * cached and serialised once, like the catalogue (cleared by deletes here and by completed news jobs).
   */
  all(): Promise<JsonBody> {
    return this.cache.get('news:all', async () => {
      const articles = await this.em.find(
        NewsArticle,
        {},
        {
          // Articles of unknown date come after the dated ones, newest import first.
          orderBy: { publicationDate: QueryOrder.DESC_NULLS_LAST, id: 'desc' },
          limit: MAX_LISTED,
          connectionType: currentReadRoute(),
        },
      );
      return Buffer.from(JSON.stringify(articles.map(presentNews))) as JsonBody;
    });
  }

  async one(id: number) {
    const article = await this.em.findOne(NewsArticle, { id });
    if (!article) throw new NotFoundException(NEWS_NOT_FOUND);
    return presentNews(article);
  }

  async remove(id: number): Promise<void> {
    const deleted = await this.em.nativeDelete(NewsArticle, { id });
    if (deleted === 0) throw new NotFoundException(NEWS_NOT_FOUND);
    await this.readCache.clearEverywhere();
    if (this.config.CDN_PROVIDER !== 'none') {
      for (const key of [`news-${id}`, 'home']) {
        await this.jobs.enqueue(JobName.PurgeCdn, { key });
      }
    }
  }

  /**
   * Queues the import under an id derived from the URL: while that job waits or runs, asking again (a
   * double click) returns the same job. A finished job is replaced, so an article can be imported again
   * later to refresh it.
   */
  async enqueueImport(input: string): Promise<EnqueuedJob> {
    const url = parseScrapeUrl(input, this.config.SCRAPER_ALLOWED_HOSTS);
    return this.jobs.enqueue(JobName.ImportNews, { url });
  }
}
