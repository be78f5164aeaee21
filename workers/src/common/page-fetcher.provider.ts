import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { PageFetcher } from '@veredicto/scraping/fetching/browser.js';
import { buildUserAgent } from '@veredicto/scraping/fetching/index.js';

/**
 * The worker process's one PageFetcher, hence one BrowserPool (one Chromium at most): every scraping job
 * shares it, and it is closed when the process shuts down.
 */
@Injectable()
export class WorkerPageFetcher implements OnModuleDestroy {
  readonly fetcher: PageFetcher;

  constructor(@Inject(APP_CONFIG) config: WorkersConfig) {
    this.fetcher = new PageFetcher({
      userAgent: buildUserAgent(config.PUBLIC_URL),
      allowedHosts: [...config.SCRAPER_ALLOWED_HOSTS],
      chromiumPath: config.CHROMIUM_PATH,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.fetcher.close();
  }
}
