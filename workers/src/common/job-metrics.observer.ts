import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { WorkerHost } from '@nestjs/bullmq';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { observeWorker, ProcessMetrics } from '@veredicto/metrics';
import { QUEUE_PROCESSORS, servedQueues } from '../queue-families.js';

/** Job durations and failures of every queue this process works on, for its /metrics. */
@Injectable()
export class JobMetricsObserver implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: ProcessMetrics,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: WorkersConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const queue of servedQueues(this.config)) {
      const processor = this.moduleRef.get<WorkerHost>(QUEUE_PROCESSORS[queue], { strict: false });
      observeWorker(processor.worker, this.metrics);
    }
  }
}
