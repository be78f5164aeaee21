import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { WorkerHost } from '@nestjs/bullmq';
import { observeWorker, ProcessMetrics } from '@veredicto/metrics';

/** The processors this process runs, handed in by the composition root (workers.module.ts). */
export const SERVED_PROCESSORS = Symbol('SERVED_PROCESSORS');

/** Job durations and failures of every queue this process works on, for its /metrics. */
@Injectable()
export class JobMetricsObserver implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: ProcessMetrics,
    @Inject(SERVED_PROCESSORS) private readonly processors: WorkerHost[],
  ) {}

  onApplicationBootstrap(): void {
    for (const processor of this.processors) observeWorker(processor.worker, this.metrics);
  }
}
