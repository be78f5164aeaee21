import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  catalogueFilterKey,
  CatalogueOrderingRepository,
  precomputedOrderings,
  type CatalogueOrderingKey,
  repository,
} from '@veredicto/db';
import type { JobName, JobPayloads, JobResults } from '@veredicto/jobs';

/**
 * The catalogue's keyset anchors (catalogue-ordering.repository.ts): the workers walk every ordering the
 * API reads pages of, so no request ever walks one. `refresh` marks what the noted domain events can move,
 * then walks what is due (so marked, moved by a new day, asked for and not walked yet) and keeps the precomputed list complete; `walkOne`
 * answers the API's request for an ordering it has no anchors for.
 */
@Injectable()
export class CatalogueOrderingsService {
  private readonly logger = new Logger(CatalogueOrderingsService.name);

  constructor(private readonly orm: MikroORM) {}

  private orderings() {
    return repository(this.orm.em.fork(), CatalogueOrderingRepository);
  }

  async refresh(): Promise<JobResults[JobName.RefreshCatalogueOrderings]> {
    const orderings = this.orderings();
    const added = await orderings.addPrecomputed(precomputedOrderings(new Date().getUTCFullYear()));
    const dropped = await orderings.dropIdle();
    await orderings.markNoted();
    let walked = 0;
    // Each walk reads the marks afresh: an ordering marked again during this run stays due for the next.
    for (const ordering of await orderings.findDue()) {
      if ((await this.orderings().walk(ordering, { onlyIfDue: true })).walked) walked++;
    }
    if (walked) this.logger.log(`${walked} órdenes del catálogo recorridos de nuevo`);
    return { walked, added, dropped };
  }

  async walkOne({
    sort,
    filters,
  }: JobPayloads[JobName.WalkCatalogueOrdering]): Promise<JobResults[JobName.WalkCatalogueOrdering]> {
    const ordering: CatalogueOrderingKey = { sort, filters };
    const { total } = await this.orderings().walk(ordering, { onlyIfDue: true });
    return { sort, filterKey: catalogueFilterKey(filters), total };
  }
}
