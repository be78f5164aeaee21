import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { MailService, type MailTemplateData } from '@veredicto/mail';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { DomainEventDispatcher } from './domain-event-dispatcher.js';

/**
 * The events queue: each domain event handed to its consumers (DomainEventDispatcher), and the mails that
 * changes ask for (rendered and sent through libs/mail).
 */
@Processor(QueueName.Events, WORKER_OPTIONS[QueueName.Events])
export class EventsProcessor extends WorkerHost {
  readonly handlers: QueueHandlers<QueueName.Events> = {
    [JobName.SendMail]: async ({ template, key, to, data }: JobPayloads[JobName.SendMail]) => {
      const sent = await this.mail.send(to, template, data as MailTemplateData[typeof template], { key });
      return { template, ...sent };
    },
    [JobName.DispatchDomainEvent]: (_payload: JobPayloads[JobName.DispatchDomainEvent], job: Job) =>
      this.dispatcher.dispatch(job),
  };

  constructor(
    private readonly mail: MailService,
    private readonly dispatcher: DomainEventDispatcher,
  ) {
    super();
    registerHandlers(QueueName.Events, this.handlers);
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }
}
