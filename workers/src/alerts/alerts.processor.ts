import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobName, type JobPayloads, QueueName, WORKER_OPTIONS } from '@veredicto/jobs';
import { dispatch, type QueueHandlers, registerHandlers } from '../common/job-handlers.js';
import { AlertFanOutService } from './alert-fan-out.service.js';

/** The alerts queue: fan-outs, their batches, the release-day run and the digests. */
@Processor(QueueName.Alerts, WORKER_OPTIONS[QueueName.Alerts])
export class AlertsProcessor extends WorkerHost {
  readonly handlers: QueueHandlers<QueueName.Alerts> = {
    [JobName.FanOutAlert]: ({ alertId }: JobPayloads[JobName.FanOutAlert]) => this.fanOut.fanOut(alertId),
    [JobName.NotifyFollowers]: ({ alertId, fromUserId, toUserId }: JobPayloads[JobName.NotifyFollowers]) =>
      this.fanOut.notify(alertId, fromUserId, toUserId),
    [JobName.ReleaseDayAlerts]: ({ day }: JobPayloads[JobName.ReleaseDayAlerts]) =>
      this.fanOut.releaseDay(day),
    [JobName.SendAlertDigests]: ({ period }: JobPayloads[JobName.SendAlertDigests]) =>
      this.fanOut.digests(period),
  };

  constructor(private readonly fanOut: AlertFanOutService) {
    super();
    registerHandlers(QueueName.Alerts, this.handlers);
  }

  process(job: Job): Promise<unknown> {
    return dispatch(this.handlers, job);
  }
}
