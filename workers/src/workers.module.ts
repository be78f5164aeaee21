import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { MetricsModule } from '../../libs/metrics/src/index.js';
import { APP_CONFIG, ConfigModule, type AppConfig } from '../../libs/config/src/index.js';
import { createOrmConfig } from '../../libs/db/src/index.js';
import { ALL_QUEUES, DEFAULT_JOB_OPTIONS, type QueueConnection } from '../../libs/jobs/src/index.js';
import { CdnPurgeService } from './cdn/cdn-purge.service.js';
import { assertEveryJobHasAHandler } from './common/job-handlers.js';
import { JobMetricsObserver } from './common/job-metrics.observer.js';
import { QUEUE_FAMILIES, servedQueues } from './queue-families.js';

@Module({})
export class WorkersModule implements OnApplicationBootstrap {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

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
        BullModule.forRoot({ ...queue.options, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
        BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
        MetricsModule.forRoot('workers'),
      ],
      providers: [
        JobMetricsObserver,
        CdnPurgeService,
        // A provider two families share (the page fetcher) is listed once.
        ...new Set(servedQueues(config).flatMap((name) => QUEUE_FAMILIES[name])),
      ],
    };
  }

  onApplicationBootstrap(): void {
    assertEveryJobHasAHandler(servedQueues(this.config));
  }
}
