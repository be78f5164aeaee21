import { BullModule } from '@nestjs/bullmq';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ALL_QUEUES, DEFAULT_JOB_OPTIONS, type QueueConnection } from '@veredicto/jobs';
import { JobProducer } from './job-producer.service.js';

@Global()
@Module({})
export class JobsModule {
  static forRoot(connection: QueueConnection): DynamicModule {
    return {
      module: JobsModule,
      imports: [
        BullModule.forRoot({ ...connection.options, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
        BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
      ],
      providers: [JobProducer],
      exports: [JobProducer, BullModule],
    };
  }
}
