import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { observeWorker, ProcessMetrics } from '../../../libs/metrics/src/index.js';
import { RecalculateAverageProcessor } from '../averages/recalculate-average.processor.js';
import { NewsProcessor } from '../news/news.processor.js';
import { ScrapingProcessor } from '../scraping/scraping.processor.js';

/** Job durations and failures of every queue this process works on, for its /metrics. */
@Injectable()
export class JobMetricsObserver implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: ProcessMetrics,
    private readonly averages: RecalculateAverageProcessor,
    private readonly news: NewsProcessor,
    private readonly scraping: ScrapingProcessor,
  ) {}

  onApplicationBootstrap(): void {
    for (const processor of [this.averages, this.news, this.scraping]) {
      observeWorker(processor.worker, this.metrics);
    }
  }
}
