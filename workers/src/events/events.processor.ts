import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { MailService, type MailTemplateData } from '@veredicto/mail';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { CatalogueOrderingsService } from '../catalogue/catalogue-orderings.service.js';
import { DiaryImportMatchingService } from '../diary/diary-import-matching.service.js';
import { DomainEventDispatcher } from './domain-event-dispatcher.js';

/**
 * The events queue: each domain event handed to its consumers (DomainEventDispatcher), the mails that
 * changes ask for (rendered and sent through libs/mail), the matching of a user's diary import, and the
 * walks of the catalogue's orderings that those events mark (CatalogueOrderingsService).
 */
@Processor(QueueName.Events, WORKER_OPTIONS[QueueName.Events])
export class EventsProcessor extends WorkerHost {
  readonly handlers: QueueHandlers<QueueName.Events> = {
    [JobName.SendMail]: async ({
      template,
      key,
      to,
      data,
      unsubscribeUrl,
    }: JobPayloads[JobName.SendMail]) => {
      const sent = await this.mail.send(to, template, data as MailTemplateData[typeof template], {
        key,
        unsubscribeUrl,
      });
      return { template, ...sent };
    },
    [JobName.DispatchDomainEvent]: (_payload: JobPayloads[JobName.DispatchDomainEvent], job: Job) =>
      this.dispatcher.dispatch(job),
    [JobName.MatchDiaryImport]: ({ importId }: JobPayloads[JobName.MatchDiaryImport]) =>
      this.imports.match(importId),
    [JobName.RefreshCatalogueOrderings]: () => this.catalogue.refresh(),
    [JobName.WalkCatalogueOrdering]: (payload: JobPayloads[JobName.WalkCatalogueOrdering]) =>
      this.catalogue.walkOne(payload),
  };

  constructor(
    private readonly mail: MailService,
    private readonly dispatcher: DomainEventDispatcher,
    private readonly imports: DiaryImportMatchingService,
    private readonly catalogue: CatalogueOrderingsService,
  ) {
    super();
    registerHandlers(QueueName.Events, this.handlers);
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }

  /** An import whose matching failed for good says so on its screen instead of waiting forever. */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (job?.name !== JobName.MatchDiaryImport) return;
    if (error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1))
      await this.imports.markFailed((job.data as JobPayloads[JobName.MatchDiaryImport]).importId);
  }
}
