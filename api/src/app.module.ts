import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, type AppConfig } from '../../libs/config/src/index.js';
import { createOrmConfig } from '../../libs/db/src/index.js';
import type { QueueConnection } from '../../libs/jobs/src/index.js';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { GamesModule } from './games/games.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { NewsModule } from './news/news.module.js';
import { ListsModule } from './lists/lists.module.js';
import { RatingsModule } from './ratings/ratings.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { ScrapersModule } from './scrapers/scrapers.module.js';
import { SeoModule } from './seo/seo.module.js';
import { UsersModule } from './users/users.module.js';

/** One-use secrets that travel in a query string (the e-mail confirmation link) stay out of access logs. */
const SECRET_QUERY = /([?&]token=)[^&]*/gi;

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, queue: QueueConnection): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            base: { process: 'api' },
            autoLogging: { ignore: (request) => request.url?.startsWith('/health') ?? false },
            // Access lines name the request, not its headers: no bearer tokens or cookies reach a log, and
            // the per-request logger is cheap to build (serialising every header was a tenth of the
            // CPU time of a cached read).
            serializers: {
              req: (request: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
                id: request.id,
                method: request.method,
                url: request.url.replace(SECRET_QUERY, '$1[oculto]'),
                remoteAddress: request.remoteAddress,
              }),
              res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
            },
          },
        }),
        MikroOrmModule.forRoot({
          ...createOrmConfig({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }),
          registerRequestContext: true,
        }),
        ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: 10 }]),
        JobsModule.forRoot(queue),
        HealthModule,
        // Before GamesModule: its GET /api/games/:id would otherwise take /api/games/scraper.
        ScrapersModule,
        GamesModule,
        AdminModule,
        NewsModule,
        AuthModule,
        UsersModule,
        RatingsModule,
        ReviewsModule,
        ListsModule,
        // Last: its catch-all route serves the front end's pages.
        SeoModule,
      ],
    };
  }
}
