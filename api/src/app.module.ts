import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pino } from 'pino';
import { ConfigModule, type AppConfig } from '@veredicto/config';
import { createOrmConfig } from '@veredicto/db';
import type { QueueConnection } from '@veredicto/jobs';
import { MetricsModule } from '@veredicto/metrics';
import { AdminModule } from './admin/admin.module.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BestOfModule } from './best-of/best-of.module.js';
import { DiaryModule } from './diary/diary.module.js';
import { FeedsModule } from './feeds/feeds.module.js';
import { SimilarGamesModule } from './similar/similar-games.module.js';
import { PricesModule } from './prices/prices.module.js';
import { GamesModule } from './games/games.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { NewsModule } from './news/news.module.js';
import { OutletsModule } from './outlets/outlets.module.js';
import { ListsModule } from './lists/lists.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { RatingsModule } from './ratings/ratings.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { LanguagesModule } from './languages/languages.module.js';
import { SearchModule } from './search/search.module.js';
import { ScrapersModule } from './scrapers/scrapers.module.js';
import { accessLogOptions, accessLogSerializers } from './common/access-log.js';
import { SeoModule } from './seo/seo.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, queue: QueueConnection): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: [
            {
              level: config.LOG_LEVEL,
              base: { process: 'api' },
              autoLogging: { ignore: (request) => request.url?.startsWith('/health') ?? false },
              serializers: accessLogSerializers,
              ...accessLogOptions({
                sampleRate: config.ACCESS_LOG_SAMPLE_RATE,
                slowMs: config.ACCESS_LOG_SLOW_MS,
              }),
            },
            // Written without blocking the request's turn (pino's asynchronous destination): under load the
            // lines go out in batches instead of one blocking write each to the supervisor's pipe. pino
            // flushes what is pending when the process exits.
            pino.destination({ dest: 1, sync: false }),
          ],
        }),
        MikroOrmModule.forRoot({
          ...createOrmConfig({
            databaseUrl: config.DATABASE_URL,
            poolSize: config.DATABASE_POOL_SIZE,
            readUrls: config.DATABASE_READ_URLS,
          }),
          registerRequestContext: true,
        }),
        MetricsModule.forRoot('api'),
        RateLimitsModule,
        JobsModule.forRoot(queue),
        HealthModule,
        // Before GamesModule: its GET /api/games/:id would otherwise take /api/games/scraper and /best-of.
        ScrapersModule,
        BestOfModule,
        SimilarGamesModule,
        PricesModule,
        GamesModule,
        AdminModule,
        NewsModule,
        AuthModule,
        UsersModule,
        RatingsModule,
        ReviewsModule,
        LanguagesModule,
        ListsModule,
        DiaryModule,
        SearchModule,
        AlertsModule,
        OutletsModule,
        FeedsModule,
        // Last: its catch-all route serves the front end's pages.
        SeoModule,
      ],
    };
  }
}
