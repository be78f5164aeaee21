import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, type AppConfig } from '../../libs/config/src/index.js';
import { createOrmConfig } from '../../libs/db/src/index.js';
import { ALL_QUEUES, DEFAULT_JOB_OPTIONS, type QueueConnection } from '../../libs/jobs/src/index.js';
import { RecalculateAverageProcessor } from './averages/recalculate-average.processor.js';
import { assertEveryJobHasAHandler } from './common/job-handlers.js';

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
        BullModule.forRoot({ ...queue.options, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
        BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
      ],
      providers: [RecalculateAverageProcessor],
    };
  }

  onApplicationBootstrap(): void {
    assertEveryJobHasAHandler();
  }
}
