import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { didYouMeanTitle, SearchIndexStore, type SearchIndex } from '@veredicto/search';

/**
 * The API process's search index in memory: loaded before the API listens (a readiness probe then
 * sends it traffic with the index ready; ~2 s for 200k games) and as fresh as the database for each
 * search (SearchIndexStore). The search runs on the database when the index is not loaded.
 */
@Injectable()
export class SearchIndexService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SearchIndex');
  private readonly store = new SearchIndexStore(this.logger);

  constructor(private readonly em: EntityManager) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.store.load(this.em.fork());
  }

  /** Runs a search on the index, as fresh as the database when it started (SearchIndexStore.search). */
  search<Result extends { searchVersion?: number }>(
    run: (index?: SearchIndex) => Promise<Result>,
  ): Promise<Result> {
    return this.store.search(this.em.fork(), run);
  }

  /** '¿Quizás buscabas…?' for a search that found nothing: chosen in the index (by the database before it loads). */
  didYouMean(text: string, mature: boolean): Promise<string | null> {
    return didYouMeanTitle(this.em.fork(), text, mature, this.store);
  }
}
