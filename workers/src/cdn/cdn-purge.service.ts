import { Inject, Injectable, Logger } from '@nestjs/common';
import { createCdnPurger, PurgeBatcher } from '@veredicto/cdn';
import { APP_CONFIG, type WorkersConfig } from '@veredicto/config';
import { JobGateway, JobName } from '@veredicto/jobs';

/**
 * The workers' side of the CDN: jobs that change what anonymous visitors see schedule a purge of the
 * surrogate keys involved, and the purge-cdn jobs send those keys, batched, through the configured adapter.
 */
@Injectable()
export class CdnPurgeService {
  private readonly logger = new Logger(CdnPurgeService.name);
  private readonly purger;
  readonly batcher;

  constructor(
    @Inject(APP_CONFIG) config: WorkersConfig,
    private readonly jobs: JobGateway,
  ) {
    this.purger = createCdnPurger(config);
    this.batcher = new PurgeBatcher(this.purger);
  }

  get provider() {
    return this.purger.provider;
  }

  /** Queues one purge job per key (deduplicated per key while one is pending). */
  async schedule(keys: readonly string[]): Promise<void> {
    if (this.purger.provider === 'none') return;
    await Promise.all([...new Set(keys)].map((key) => this.jobs.enqueue(JobName.PurgeCdn, { key })));
  }

  /** Schedules without failing the job that changed the data: its change is done, the CDN expires anyway. */
  scheduleQuietly(keys: readonly string[]): Promise<void> {
    return this.schedule(keys).catch((error: unknown) => {
      this.logger.warn(`no se pudo programar la purga de ${keys.join(', ')}: ${(error as Error).message}`);
    });
  }

  async purge(key: string) {
    await this.batcher.purge([key]);
    return { key, provider: this.purger.provider };
  }
}
