import { Global, Module, type DynamicModule } from '@nestjs/common';
import { JobsCoreModule, OutboxRelay, type QueueConnection } from '@veredicto/jobs';

/** The API's side of the queues: the job gateway (it adds jobs, never runs them) and the outbox relay. */
@Global()
@Module({})
export class JobsModule {
  static forRoot(connection: QueueConnection): DynamicModule {
    return {
      module: JobsModule,
      imports: [JobsCoreModule.forRoot(connection)],
      providers: [OutboxRelay],
      exports: [OutboxRelay],
    };
  }
}
