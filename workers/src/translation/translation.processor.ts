import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { GameTranslationService } from './game-translation.service.js';
import { TranslationRefusedError } from './translator.js';

@Processor(QueueName.Translation, WORKER_OPTIONS[QueueName.Translation])
export class TranslationProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(TranslationProcessor.name);

  readonly handlers: QueueHandlers<QueueName.Translation> = {
    [JobName.TranslateGame]: async ({ gameId }: JobPayloads[JobName.TranslateGame]) => {
      try {
        return await this.translations.translate(gameId);
      } catch (error) {
        if (error instanceof TranslationRefusedError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
  };

  constructor(private readonly translations: GameTranslationService) {
    super();
    registerHandlers(QueueName.Translation, this.handlers);
  }

  /** Each worker start goes on with the catalogue where the previous sweep stopped. */
  async onApplicationBootstrap(): Promise<void> {
    // A queue that cannot be reached now must not stop the worker: the next sweep catches up.
    await this.translations.enqueueUntranslated().catch((error: unknown) => {
      this.logger.warn(`translation sweep at start failed: ${String(error)}`);
    });
  }

  /** Three parameters: BullMQ gives the job a signal only to a processor that declares it. */
  process(job: Job, token?: string, signal?: AbortSignal): Promise<unknown> {
    return dispatch(this.handlers, job, token, signal);
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job<JobPayloads[JobName.TranslateGame]> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const lastAttempt = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!lastAttempt) return;
    this.logger.warn(`translate-game ${job.data.gameId}: ${error.message}`);
    await this.translations.markFailed(job.data.gameId);
  }
}
