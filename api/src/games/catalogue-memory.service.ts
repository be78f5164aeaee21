import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CatalogueMemory, VersionFollower, type Follower } from '@veredicto/catalogue';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { CatalogueSourceRepository, currentReadRoute, repository } from '@veredicto/db';

/**
 * A version is taken when a transaction changes a game and becomes visible when it commits, so a lower
 * version can appear after a higher one was read: every LOOKBACK_MS the changes of the last 2 × LOOKBACK_MS
 * worth of versions are read again (a game already as read is left alone), and every REBUILD_EVERY_MS
 * the whole catalogue (what catches a transaction that stayed open longer), as the search index does.
 */
const LOOKBACK_MS = 10_000;
const REBUILD_EVERY_MS = 15 * 60_000;
/** More changed games than this at once: the memory is built again rather than patched. */
const REBUILD_AFTER_CHANGES = 20_000;
/** Games read at once while loading. */
const LOAD_BATCH = 10_000;

/**
 * The API process's catalogue in memory (CatalogueMemory, libs/catalogue), loaded before the API listens
 * and kept fresh by the read model's one VersionFollower: every second it reads the games changed (and
 * removed) above the version it has, and a change any process clears the read cache for is read before
 * the next page. Until it is loaded (or with CATALOGUE_MEMORY=false) pages come from the database
 * (GamesService).
 */
@Injectable()
export class CatalogueMemoryService implements OnApplicationBootstrap, Follower {
  private readonly logger = new Logger('CatalogueMemory');
  private memory: CatalogueMemory | null = null;
  private rebuilding: Promise<void> | null = null;
  private seen: { at: number; version: number }[] = [];
  private lastLookback = Date.now();
  private lastBuild = Date.now();

  constructor(
    private readonly em: EntityManager,
    private readonly follower: VersionFollower,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.CATALOGUE_MEMORY) return;
    try {
      await this.load();
    } catch (error) {
      this.logger.warn(
        `catálogo en memoria no cargado (las páginas salen de la base de datos): ${String(error)}`,
      );
    }
    this.follower.add(this);
  }

  /**
   * The catalogue in memory with every clear read: null when it is not loaded. After a clear, the changes
   * are read first (one read shared by the requests that wait on it).
   */
  async current(): Promise<CatalogueMemory | null> {
    if (!this.memory) return null;
    await this.follower.catchUp();
    return this.memory;
  }

  /** The catalogue in memory when it is loaded and no read is owed: else null. */
  ready(): CatalogueMemory | null {
    return this.follower.fresh ? this.memory : null;
  }

  private source() {
    return repository(this.em.fork(), CatalogueSourceRepository, currentReadRoute());
  }

  private async load(): Promise<void> {
    const started = performance.now();
    const source = this.source();
    const [{ today }, count] = await Promise.all([
      source.removedSince(Number.MAX_SAFE_INTEGER),
      source.countGames(),
    ]);
    const memory = new CatalogueMemory(today, count);
    // In batches by version, up to the last one (what changed while it was read comes last): the heap
    // holds one batch's rows at a time, not the whole catalogue's.
    for (;;) {
      const batch = await source.gamesSince(memory.version, LOAD_BATCH);
      memory.add(batch);
      if (batch.length < LOAD_BATCH) break;
    }
    memory.seal();
    const removed = await source.removedSince(0);
    memory.apply([], removed.removed, removed.today);
    this.memory = memory;
    this.lastBuild = Date.now();
    this.seen = [{ at: Date.now(), version: memory.version }];
    this.logger.log(
      `catálogo en memoria: ${memory.size} juegos, ${(memory.byteLength / 2 ** 20).toFixed(1)} MB en ` +
        `${Math.round(performance.now() - started)} ms`,
    );
  }

  private async apply(memory: CatalogueMemory, since: number): Promise<void> {
    const source = this.source();
    const [changed, removed] = await Promise.all([
      source.gamesSince(since, REBUILD_AFTER_CHANGES),
      source.removedSince(since),
    ]);
    if (changed.length >= REBUILD_AFTER_CHANGES) return this.rebuild();
    memory.apply(changed, removed.removed, removed.today);
    this.seen.push({ at: Date.now(), version: memory.version });
  }

  /** The version follower's step: the changes above the memory's version, or a rebuild when it is due. */
  async follow(): Promise<void> {
    const memory = this.memory;
    if (!memory) {
      // Not loaded at start (the database was away): tried again, in the background.
      if (!this.rebuilding) this.rebuild().catch(() => undefined);
      return;
    }
    // Built again in the background (as the search index is): the one in use keeps reading the changes
    // until the new one, read to the last version, takes its place; a reader after a clear never waits on it.
    if (Date.now() - this.lastBuild >= REBUILD_EVERY_MS && !this.rebuilding)
      this.rebuild().catch((error: unknown) =>
        this.logger.warn(`catálogo en memoria no reconstruido: ${String(error)}`),
      );
    try {
      if (Date.now() - this.lastLookback >= LOOKBACK_MS) await this.lookBack();
      else await this.apply(memory, memory.version);
    } catch (error) {
      throw new Error(`catálogo en memoria no actualizado: ${String(error)}`, { cause: error });
    }
  }

  /** The changes above the version the memory had 2 × LOOKBACK_MS ago, read again. */
  private async lookBack(): Promise<void> {
    const memory = this.memory;
    if (!memory) return;
    const now = Date.now();
    this.lastLookback = now;
    const horizon = now - 2 * LOOKBACK_MS;
    const older = this.seen.filter((entry) => entry.at <= horizon);
    const floor = older.at(-1)?.version ?? this.seen[0]?.version ?? memory.version;
    this.seen = [...older.slice(-1), ...this.seen.filter((entry) => entry.at > horizon)];
    await this.apply(memory, floor);
  }

  private rebuild(): Promise<void> {
    this.rebuilding ??= this.load().finally(() => {
      this.rebuilding = null;
    });
    return this.rebuilding;
  }
}
