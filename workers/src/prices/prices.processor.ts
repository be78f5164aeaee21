import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { dispatch, progressOf, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { PricePollService } from './price-poll.service.js';

/** The prices queue: the stores' poll, one at a time. */
@Processor(QueueName.Prices, WORKER_OPTIONS[QueueName.Prices])
export class PricesProcessor extends WorkerHost {
  readonly handlers: QueueHandlers<QueueName.Prices> = {
    [JobName.PollPrices]: (_payload: JobPayloads[JobName.PollPrices], job: Job, signal: AbortSignal) =>
      this.poll.run(progressOf(job), signal),
  };

  constructor(private readonly poll: PricePollService) {
    super();
    registerHandlers(QueueName.Prices, this.handlers);
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }
}
