import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, type AppConfig } from '../../libs/config/src/index.js';
import { createOrmConfig } from '../../libs/db/src/index.js';
import type { QueueConnection } from '../../libs/jobs/src/index.js';
import { GamesModule } from './games/games.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { SeoModule } from './seo/seo.module.js';

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
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            autoLogging: { ignore: (request) => request.url?.startsWith('/health') ?? false },
            customProps: () => ({ context: 'HTTP' }),
          },
        }),
        MikroOrmModule.forRoot({
          ...createOrmConfig({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }),
          registerRequestContext: true,
        }),
        ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: 10 }]),
        JobsModule.forRoot(queue),
        HealthModule,
        GamesModule,
        // Last: its catch-all route serves the front end's pages.
        SeoModule,
      ],
    };
  }
}
