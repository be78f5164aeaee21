import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { VersionFollower, type Follower } from '@veredicto/catalogue';
import {
  catalogueFilterKey,
  CatalogueOrderingRepository,
  Game,
  type CatalogueFilters,
  type GameSort,
  type PageIndex,
  repository,
  type StoredPageIndex,
} from '@veredicto/db';
import { JobGateway, JobName } from '@veredicto/jobs';
import { MicroCache } from '../common/micro-cache.js';

/** Orderings kept in memory: every precomputed one (3 sorts × 95 filters) and the compound ones in use. */
const MAX_ORDERINGS = 1000;
/** How often an ordering in use tells the database so (the sweep drops compound ones nobody uses). */
const TOUCH_EVERY_MS = 3600_000;
/** An ordering asked of the workers and still not walked is asked again after this long. */
const ASK_AGAIN_MS = 60_000;
/** The size of an ordering not walked yet, counted by the API meanwhile, is counted again after this long. */
const FALLBACK_TOTAL_TTL_MS = 30_000;

interface Entry {
  sort: GameSort;
  filterKey: string;
  index: StoredPageIndex;
  touchedAt: number;
}

/**
 * Each ordering's size and keyset anchors as the workers stored them (catalogue_orderings), kept in
 * memory and reloaded when the workers walk it again: every second (the read model's VersionFollower)
 * one indexed read asks for the
 * orderings walked since the highest version this process has seen, so no request walks an ordering
 * the workers keep. An ordering they have not walked yet (a combination of filters nobody asked for
 * before, or a database whose workers have not run) is asked of them (a walk-catalogue-ordering job,
 * deduplicated across processes), and served meanwhile by plain OFFSET with a count this process keeps
 * 30 s: the first seconds of a new combination cost what every combination cost before the anchors were
 * stored, and the job ends them for every process at once.
 */
@Injectable()
export class CatalogueIndexService implements OnModuleInit, Follower {
  private readonly logger = new Logger(CatalogueIndexService.name);
  private readonly entries = new Map<string, Entry>();
  /** First reads under way, shared by concurrent requests. */
  private readonly loading = new Map<string, Promise<StoredPageIndex | null>>();
  /** Orderings not walked yet, and when this process last asked the workers for each. */
  private readonly missing = new Map<string, number>();
  /** Their sizes, counted here meanwhile. */
  private readonly fallbackTotals: MicroCache;
  private seenVersion = '0';
  private polling = false;

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobGateway,
    private readonly pages: MicroCache,
    private readonly follower: VersionFollower,
  ) {
    this.fallbackTotals = new MicroCache(FALLBACK_TOTAL_TTL_MS, MAX_ORDERINGS);
  }

  onModuleInit(): void {
    this.follower.add(this);
  }

  follow(): Promise<void> {
    return this.poll();
  }

  private orderings() {
    return repository(this.em.fork(), CatalogueOrderingRepository);
  }

  /** The ordering's size and anchors (no anchors while the workers have not walked it: plain OFFSET). */
  async indexOf(sort: GameSort, filters: CatalogueFilters): Promise<PageIndex> {
    const filterKey = catalogueFilterKey(filters);
    const key = `${sort}:${filterKey}`;
    const entry = this.entries.get(key);
    if (entry) {
      if (Date.now() - entry.touchedAt > TOUCH_EVERY_MS) this.touch(key, entry);
      return entry.index;
    }
    if (!this.missing.has(key)) {
      let load = this.loading.get(key);
      if (!load) {
        load = this.orderings()
          .findIndex(sort, filterKey)
          .finally(() => this.loading.delete(key));
        this.loading.set(key, load);
      }
      const index = await load;
      if (index) {
        this.remember(key, { sort, filterKey, index, touchedAt: Date.now() });
        return index;
      }
    }
    this.askForWalk(key, sort, filters);
    return this.fallbackTotals.get(key, async () => ({
      total: await this.em.fork().getRepository(Game).countGames(filters),
      every: 1,
      anchors: [],
    }));
  }

  /** Asks the workers to walk an ordering (at most once a minute per process; the job is deduplicated). */
  private askForWalk(key: string, sort: GameSort, filters: CatalogueFilters): void {
    const askedAt = this.missing.get(key);
    if (askedAt !== undefined && Date.now() - askedAt < ASK_AGAIN_MS) return;
    this.missing.set(key, Date.now());
    this.orderings()
      .request({ sort, filters })
      .then(() =>
        this.jobs.enqueue(JobName.WalkCatalogueOrdering, { sort, filters: payloadFilters(filters) }),
      )
      .catch((error: unknown) =>
        this.logger.warn(`orden del catálogo no pedido a los trabajadores: ${String(error)}`),
      );
  }

  private remember(key: string, entry: Entry): void {
    // Maps keep insertion order: the oldest entry goes first when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ORDERINGS) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The ordering is still in use; when the sweep has dropped it meanwhile, it is forgotten and asked again. */
  private touch(key: string, entry: Entry): void {
    entry.touchedAt = Date.now();
    this.orderings()
      .touch(entry.sort, entry.filterKey)
      .then((kept) => {
        if (kept) return;
        this.entries.delete(key);
        this.missing.delete(key);
      })
      .catch((error: unknown) => this.logger.warn(`orden del catálogo no marcado en uso: ${String(error)}`));
  }

  /**
   * Reloads the orderings in memory that the workers walked again; a page cached from the old anchors
   * is dropped with them. Until a reload arrives, the previous anchors keep serving.
   */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const changed = await this.orderings().findChangedSince(this.seenVersion);
      if (!changed.length) return;
      this.seenVersion = changed[0].version;
      let reloaded = 0;
      for (const { sort, filterKey, version } of changed) {
        const key = `${sort}:${filterKey}`;
        // Walked at last: the next request reads its anchors.
        if (this.missing.delete(key)) reloaded++;
        const entry = this.entries.get(key);
        if (!entry || BigInt(entry.index.version) >= BigInt(version)) continue;
        const index = await this.orderings().findIndex(sort, filterKey);
        if (index) {
          entry.index = index;
          reloaded++;
        }
      }
      if (reloaded) this.pages.invalidate();
    } catch (error) {
      this.logger.warn(`órdenes del catálogo no releídos: ${String(error)}`);
    } finally {
      this.polling = false;
    }
  }
}

/** The filters as a job's payload: only the ones set. */
function payloadFilters(filters: CatalogueFilters): CatalogueFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== false),
  ) as CatalogueFilters;
}
