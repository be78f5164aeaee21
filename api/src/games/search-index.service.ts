import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { didYouMeanTitle, SearchIndexStore, type SearchIndex } from '@veredicto/search';
import { MicroCache } from '../common/micro-cache.js';

/** How often the index reads the games changed above its version. */
const REFRESH_MS = 1000;

/**
 * The API process's search index in memory: loaded before the API listens (a readiness probe then
 * sends it traffic with the index ready; ~2 s for 200k games). The search runs on the database when the
 * index is not loaded. Fresh two ways:
 * - `search`: as fresh as the database for each search (SearchIndexStore.search: the page's rows, read
 *   from the database, say whether the index missed a change);
 * - `current`: as fresh as the read cache, like the catalogue in memory (CatalogueMemoryService): every
 *   second it reads the games changed above its version, and a change this process clears the read
 *   cache for is read before the next search. What the search page uses with the catalogue's cards.
 */
@Injectable()
export class SearchIndexService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SearchIndex');
  private readonly store = new SearchIndexStore(this.logger);
  private timer?: NodeJS.Timeout;
  /** The read cache's generation the last refresh started under. */
  private refreshedGeneration = -1;
  private refreshing: Promise<SearchIndex | null> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly cache: MicroCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.refreshedGeneration = this.cache.generation;
    await this.store.load(this.em.fork());
    this.timer = setInterval(
      () =>
        void this.refresh().catch((error: unknown) =>
          this.logger.warn(`índice de búsqueda no actualizado: ${String(error)}`),
        ),
      REFRESH_MS,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Runs a search on the index, as fresh as the database when it started (SearchIndexStore.search). */
  search<Result extends { searchVersion?: number }>(
    run: (index?: SearchIndex) => Promise<Result>,
  ): Promise<Result> {
    return this.store.search(this.em.fork(), run);
  }

  /**
   * The index as fresh as the read cache (null when it is not loaded): after the read cache was cleared,
   * brought up to the database first (one refresh shared by the searches that wait on it).
   */
  async current(): Promise<SearchIndex | null> {
    if (this.cache.generation !== this.refreshedGeneration) return this.refresh();
    return this.store.current;
  }

  /** '¿Quizás buscabas…?' for a search that found nothing: chosen in the index (by the database before it loads). */
  didYouMean(text: string, mature: boolean): Promise<string | null> {
    return didYouMeanTitle(this.em.fork(), text, mature, this.store);
  }

  /** The id of the game '¿Quizás buscabas…?' names, chosen in the index; undefined when it is not loaded. */
  closestGame(normalized: string, mature: boolean): number | null | undefined {
    return this.store.closestGame(normalized, mature);
  }

  /** A refresh that starts after this call (one at a time; the one in flight may have started before a clear). */
  private refresh(): Promise<SearchIndex | null> {
    const generation = this.cache.generation;
    const run = async () => {
      const index = await this.store.refresh(this.em.fork());
      if (generation > this.refreshedGeneration) this.refreshedGeneration = generation;
      return index;
    };
    const previous = this.refreshing;
    const next = (previous ? previous.catch(() => null).then(run) : run()).finally(() => {
      if (this.refreshing === next) this.refreshing = null;
    });
    this.refreshing = next;
    return next;
  }
}
