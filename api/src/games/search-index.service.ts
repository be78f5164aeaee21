import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { VersionFollower, type Follower } from '@veredicto/catalogue';
import { didYouMeanTitle, SearchIndexStore, type SearchIndex } from '@veredicto/search';

/**
 * The API process's search index in memory: loaded before the API listens (a readiness probe then
 * sends it traffic with the index ready; ~2 s for 200k games). The search runs on the database when the
 * index is not loaded. Fresh two ways:
 * - `search`: as fresh as the database for each search (SearchIndexStore.search: the page's rows, read
 *   from the database, say whether the index missed a change);
 * - `current`: kept by the read model's one VersionFollower (libs/catalogue), like the catalogue in memory:
 *   every second it reads the games changed above its version, and a change any process clears the read
 *   cache for is read before the next search. What the search page uses with the catalogue's cards.
 */
@Injectable()
export class SearchIndexService implements OnApplicationBootstrap, Follower {
  private readonly logger = new Logger('SearchIndex');
  private readonly store = new SearchIndexStore(this.logger);

  constructor(
    private readonly em: EntityManager,
    private readonly follower: VersionFollower,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.store.load(this.em.fork());
    this.follower.add(this);
  }

  /** The version follower's step: the games changed above the index's version. */
  async follow(): Promise<void> {
    try {
      await this.store.refresh(this.em.fork());
    } catch (error) {
      throw new Error(`índice de búsqueda no actualizado: ${String(error)}`, { cause: error });
    }
  }

  /** Runs a search on the index, as fresh as the database when it started (SearchIndexStore.search). */
  search<Result extends { searchVersion?: number }>(
    run: (index?: SearchIndex) => Promise<Result>,
  ): Promise<Result> {
    return this.store.search(this.em.fork(), run);
  }

  /**
   * The index with every clear read (null when it is not loaded): after a clear, brought up to the
   * database first (one read shared by the searches that wait on it).
   */
  async current(): Promise<SearchIndex | null> {
    await this.follower.catchUp();
    return this.store.current;
  }

  /** The index when it is loaded and no read is owed: else null. */
  ready(): SearchIndex | null {
    return this.follower.fresh ? this.store.current : null;
  }

  /** Changes whenever an answer made from the index may have (SearchIndexStore.stamp). */
  get stamp(): string {
    return this.store.stamp;
  }

  /** '¿Quizás buscabas…?' for a search that found nothing: chosen in the index (by the database before it loads). */
  didYouMean(text: string, mature: boolean): Promise<string | null> {
    return didYouMeanTitle(this.em.fork(), text, mature, this.store);
  }

  /** The id of the game '¿Quizás buscabas…?' names, chosen in the index; undefined when it is not loaded. */
  closestGame(normalized: string, mature: boolean): number | null | undefined {
    return this.store.closestGame(normalized, mature);
  }
}
