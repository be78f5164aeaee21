import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Inject, Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import type { WorkerHost } from '@nestjs/bullmq';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, ConfigModule, type WorkersConfig } from '@veredicto/config';
import { createOrmConfig } from '@veredicto/db';
import { JobsCoreModule, OutboxRelay, type QueueConnection } from '@veredicto/jobs';
import { MetricsModule } from '@veredicto/metrics';
import { CdnPurgeService } from './cdn/cdn-purge.service.js';
import { assertEveryJobHasAHandler } from './common/job-handlers.js';
import { JobMetricsObserver, SERVED_PROCESSORS } from './common/job-metrics.observer.js';
import { ScheduleKeeper } from './common/schedule-keeper.service.js';
import { QUEUE_FAMILIES, QUEUE_PROCESSORS, servedQueues } from './queue-families.js';

@Module({})
export class WorkersModule implements OnApplicationBootstrap {
  constructor(@Inject(APP_CONFIG) private readonly config: WorkersConfig) {}

  static forRoot(config: WorkersConfig, queue: QueueConnection): DynamicModule {
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
        MetricsModule.forRoot('workers'),
      ],
      providers: [
        JobMetricsObserver,
        {
          provide: SERVED_PROCESSORS,
          useFactory: (...processors: WorkerHost[]) => processors,
          inject: servedQueues(config).map((name) => QUEUE_PROCESSORS[name]),
        },
        CdnPurgeService,
        // Every worker process relays the outbox and keeps the schedules, whatever families it serves:
        // both only add jobs, and the processes of any family may be the only ones running.
        OutboxRelay,
        ScheduleKeeper,
        // A provider two families share (the page fetcher) is listed once.
        ...new Set(servedQueues(config).flatMap((name) => QUEUE_FAMILIES[name])),
      ],
    };
  }

  onApplicationBootstrap(): void {
    assertEveryJobHasAHandler(servedQueues(this.config));
  }
}
