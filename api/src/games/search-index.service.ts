import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SearchIndexStore, type SearchIndex } from '@veredicto/db';

/**
 * The API process's search index in memory: loaded before the API listens (a readiness probe then
 * sends it traffic with the index ready; ~1 s for 200k games) and brought up to date with the database
 * before each search (SearchIndexStore). The search runs on the database when the index is not loaded.
 */
@Injectable()
export class SearchIndexService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SearchIndex');
  private readonly store = new SearchIndexStore(this.logger);

  constructor(private readonly em: EntityManager) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.store.load(this.em.fork());
  }

  /** The index, as fresh as the database at this call; null before it is loaded. */
  fresh(): Promise<SearchIndex | null> {
    return this.store.fresh(this.em.fork());
  }
}
