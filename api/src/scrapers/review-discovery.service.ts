import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import type { ReviewDiscoveryReport } from '@veredicto/contract';
import { ReviewDiscovery } from '@veredicto/db';
import { type EnqueuedJob, JobGateway, JobName } from '@veredicto/jobs';

/** Findings listed per outcome: enough for an operator to see a run's work. */
const LISTED = 50;

/** The admin's view of the recent-games discovery job: what it found, what it refused, and a run now. */
@Injectable()
export class ReviewDiscoveryAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(): Promise<ReviewDiscoveryReport> {
    const repository = this.em.getRepository(ReviewDiscovery);
    const [found, refused] = await Promise.all([
      repository.latest('added', LISTED),
      repository.latest('refused', LISTED),
    ]);
    return { enabled: this.config.REVIEW_DISCOVERY === 'on', found, refused };
  }

  /** One run at a time (asking again while one runs returns the same job). */
  run(): Promise<EnqueuedJob> {
    return this.jobs.enqueue(JobName.DiscoverReviewSources, { requestedBy: 'admin' });
  }
}
