import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, type AppConfig } from '../../libs/config/src/index.js';
import { createOrmConfig } from '../../libs/db/src/index.js';
import { JobsCoreModule, OutboxRelay, type QueueConnection } from '../../libs/jobs/src/index.js';
import { FiguresReconciliationService } from './averages/figures-reconciliation.service.js';
import { RecalculateAverageProcessor } from './averages/recalculate-average.processor.js';
import { assertEveryJobHasAHandler } from './common/job-handlers.js';
import { WorkerPageFetcher } from './common/page-fetcher.provider.js';
import { ScheduleKeeper } from './common/schedule-keeper.service.js';
import { FeedPollingService } from './news/feed-polling.service.js';
import { NewsImportService } from './news/news-import.service.js';
import { NewsProcessor } from './news/news.processor.js';
import { CatalogueScrapingService } from './scraping/catalogue-scraping.service.js';
import { IgdbImportService } from './scraping/igdb-import.service.js';
import { ReviewScrapingService } from './scraping/review-scraping.service.js';
import { ScrapingProcessor } from './scraping/scraping.processor.js';
import { GameTranslationService } from './translation/game-translation.service.js';
import { TranslationProcessor } from './translation/translation.processor.js';

@Module({})
export class WorkersModule implements OnApplicationBootstrap {
  static forRoot(config: AppConfig, queue: QueueConnection): DynamicModule {
    return {
      module: WorkersModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.LOG_LEVEL, base: { process: 'workers' } } }),
        MikroOrmModule.forRoot({
          ...createOrmConfig({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }),
          registerRequestContext: false,
        }),
        JobsCoreModule.forRoot(queue),
      ],
      providers: [
        WorkerPageFetcher,
        OutboxRelay,
        ScheduleKeeper,
        FiguresReconciliationService,
        RecalculateAverageProcessor,
        NewsImportService,
        FeedPollingService,
        NewsProcessor,
        ReviewScrapingService,
        IgdbImportService,
        CatalogueScrapingService,
        ScrapingProcessor,
        GameTranslationService,
        TranslationProcessor,
      ],
    };
  }

  onApplicationBootstrap(): void {
    assertEveryJobHasAHandler();
  }
}
