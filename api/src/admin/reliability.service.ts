import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ReliabilityReport } from '@veredicto/contract';
import { AppMeta } from '@veredicto/db';
import { OutboxRelay } from '@veredicto/jobs';

/** What the admin screen shows about the jobs' health: the last reconciliation and the outbox backlog. */
@Injectable()
export class ReliabilityService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: OutboxRelay,
  ) {}

  async report(): Promise<ReliabilityReport> {
    const [reconciliation, outbox] = await Promise.all([
      this.em.getRepository(AppMeta).findReconciliationReport(),
      this.outbox.backlog(),
    ]);
    return { reconciliation, outbox };
  }
}
