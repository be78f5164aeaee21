import { BullModule } from '@nestjs/bullmq';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { JobGateway, QUEUE_CONNECTION } from './job-gateway.js';
import { ALL_QUEUES } from './job-names.js';
import type { QueueConnection } from './queue-connection.js';

/**
 * The queues of a process (API or workers) and their gateway. Workers and QueueEvents use the blocking
 * connection of `forRoot`; the Queue objects that add jobs use the fail-fast producer connection.
 */
@Global()
@Module({})
export class JobsCoreModule {
  static forRoot(connection: QueueConnection): DynamicModule {
    return {
      module: JobsCoreModule,
      imports: [
        BullModule.forRoot(connection.options),
        BullModule.registerQueue(
          ...ALL_QUEUES.map((name) => ({ name, connection: connection.producerConnection })),
        ),
      ],
      providers: [{ provide: QUEUE_CONNECTION, useValue: connection }, JobGateway],
      exports: [JobGateway, BullModule, QUEUE_CONNECTION],
    };
  }
}
