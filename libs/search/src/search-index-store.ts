import type { ConnectionType, SqlEntityManager } from '@mikro-orm/postgresql';
import { currentReadRoute, GameSearchRepository, repository, SearchSourceRepository } from '@veredicto/db';
import { ClosestTitles } from './closest-title.js';
import { popularityOf, SearchIndex, type IndexedGame } from './search-index.js';

/** More changed games than this at once: the index is built again rather than patched. */
const REBUILD_AFTER_CHANGES = 5_000;
/**
 * More games with new texts since the build than this (new or retitled games, whose texts every search
 * compares one by one: about a microsecond and a half each, so that on 194k games 900 of them halved the
 * searches a second), or more games changed at all than REBUILD_AFTER_CHANGES (each compared by
 * '¿Quizás buscabas…?', though only those sharing enough trigrams are measured): the index is built again
 * in the background, about 3 s of CPU.
 */
const REBUILD_AFTER_CHANGED_GAMES = 250;
/**
 * A version is taken when a transaction changes a game and becomes visible when it commits, so a lower
 * version can appear after a higher one was read: the games of the last 2 × LOOKBACK_MS worth of versions
 * are read again every LOOKBACK_MS, and the index is built again every REBUILD_EVERY_MS (what catches a
 * transaction that stayed open longer).
 */
const LOOKBACK_MS = 10_000;
const REBUILD_EVERY_MS = 15 * 60_000;

interface Logger {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * An API process's search index in memory (SearchIndex), loaded from the database and kept exactly as
 * fresh as it (see search): the games changed since the version it has are loaded into it when a search
 * finds the database ahead.
 */
export class SearchIndexStore {
  private index: SearchIndex | null = null;
  /** '¿Quizás buscabas…?' of the same games (built and patched with the index). */
  private titles: ClosestTitles | null = null;
  private version = 0;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private rebuilding: Promise<void> | null = null;
  private seen: { at: number; version: number }[] = [];
  private lastLookback = Date.now();
  private lastBuild = Date.now();
  /** Goes up whenever the index or its titles change (a load, a patch): see `stamp`. */
  private revision = 0;

  private readonly lookBackMs: number;

  /** `options.lookBackMs`: how often the recent versions are read again (LOOKBACK_MS; shorter in tests). */
  constructor(
    private readonly logger?: Logger,
    options: { lookBackMs?: number } = {},
  ) {
    this.lookBackMs = options.lookBackMs ?? LOOKBACK_MS;
  }

  get loaded(): boolean {
    return this.index !== null;
  }

  /**
   * Builds the index from every game, alias and word of the list, and brings it up to date with what
   * changed while it was read before it replaces the one in use.
   */
  async load(em: SqlEntityManager, route: ConnectionType = 'read'): Promise<void> {
    const started = performance.now();
    const [games, words] = await Promise.all([
      readGames(em, route, 0, null),
      repository(em, SearchSourceRepository, route).words(),
    ]);
    const index = new SearchIndex(games.games, words);
    const titles = new ClosestTitles(games.games);
    const changed = await readGames(em, route, games.version, null);
    for (const game of changed.games) {
      index.update(game);
      titles.update(game.id, game);
    }
    this.index = index;
    this.titles = titles;
    this.revision++;
    this.version = changed.version;
    this.lastBuild = Date.now();
    this.seen = [{ at: Date.now(), version: this.version }];
    this.logger?.log(
      `índice de búsqueda cargado: ${index.size} juegos, ${words.length} palabras, ` +
        `${(index.byteLength / 2 ** 20).toFixed(1)} MB en ${Math.round(performance.now() - started)} ms`,
    );
  }

  /**
   * Runs a search on the index (on the database when it is not loaded). The page's rows come with the
   * highest games.search_version, read in the same statement after the search started: when it is above
   * the index's version the index missed a change, so it catches up and the search runs again. A search
   * never misses a change committed before it started, at no extra round trip when nothing changed.
   */
  async search<Result extends { searchVersion?: number }>(
    em: SqlEntityManager,
    run: (index?: SearchIndex) => Promise<Result>,
  ): Promise<Result> {
    for (let attempt = 0; ; attempt++) {
      const [index, version] = [this.index, this.version];
      if (!index) return run();
      this.maintain(em);
      const result = await run(index);
      if ((result.searchVersion ?? 0) <= version || attempt === 2) return result;
      await this.check(em);
    }
  }

  /**
   * The index brought up to the database (null when it is not loaded): what a search that reads no row
   * from the database runs on (matchGames), called when the caller's read cache is cleared and every
   * second. Reads the highest version (one small statement) and the games changed above the index's.
   */
  async refresh(em: SqlEntityManager): Promise<SearchIndex | null> {
    if (!this.index) return null;
    this.maintain(em);
    await this.check(em);
    return this.index;
  }

  /**
   * Changes whenever a search's answer from the index may have (a game patched in, a reload, a late
   * commit read again): an answer made from the index is known by it.
   */
  get stamp(): string {
    return String(this.revision);
  }

  /** The index as it is, without asking the database (null when it is not loaded). */
  get current(): SearchIndex | null {
    return this.index;
  }

  /** The recent versions read again, and the whole index built again, when their time has come. */
  private maintain(em: SqlEntityManager): void {
    if (Date.now() - this.lastLookback >= this.lookBackMs) this.lookBack(em, currentReadRoute());
    if (Date.now() - this.lastBuild >= REBUILD_EVERY_MS)
      this.rebuild(em, currentReadRoute()).catch((error: unknown) =>
        this.logger?.warn(`índice de búsqueda no reconstruido: ${String(error)}`),
      );
  }

  /**
   * The game whose title is closest to a search that found nothing ('¿Quizás buscabas…?'), by the rule of
   * the database's statement (ClosestTitles), as fresh as the index: call it after a search, which brought
   * the index up to the database. Its title is read by id (a game removed since then suggests nothing).
   * Undefined when the index is not loaded: the caller asks the database then.
   */
  async closestTitle(
    em: SqlEntityManager,
    normalized: string,
    mature: boolean,
  ): Promise<string | null | undefined> {
    const id = this.closestGame(normalized, mature);
    return id === undefined
      ? undefined
      : id === null
        ? null
        : repository(em, GameSearchRepository, currentReadRoute()).titleOf(id);
  }

  /** The id of the game closestTitle would name (undefined when the index is not loaded). */
  closestGame(normalized: string, mature: boolean): number | null | undefined {
    return this.titles?.closest(normalized, mature);
  }

  /** A check that starts after this call: the one in flight may have read the version before it. */
  private check(em: SqlEntityManager): Promise<void> {
    if (!this.inFlight) {
      this.inFlight = this.catchUp(em).finally(() => {
        this.inFlight = null;
      });
      return this.inFlight;
    }
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.check(em);
      });
    return this.queued;
  }

  private async catchUp(em: SqlEntityManager): Promise<void> {
    const route = currentReadRoute();
    if ((await repository(em, GameSearchRepository, route).latestVersion()) <= this.version) return;
    await this.apply(em, route, this.version);
  }

  /** Reads the games changed above `since` into the index; many at once rebuild it. */
  private async apply(em: SqlEntityManager, route: ConnectionType, since: number): Promise<void> {
    const changed = await readGames(em, route, since, REBUILD_AFTER_CHANGES);
    if (changed.games.length >= REBUILD_AFTER_CHANGES) return this.rebuild(em, route);
    for (const game of changed.games) {
      this.index!.update(game);
      this.titles!.update(game.id, game);
    }
    if (changed.games.length) this.revision++;
    if (changed.version > this.version) {
      this.version = changed.version;
      this.seen.push({ at: Date.now(), version: this.version });
    }
    if (this.index!.changes >= REBUILD_AFTER_CHANGED_GAMES || this.titles!.changes >= REBUILD_AFTER_CHANGES)
      this.rebuild(em, route).catch((error: unknown) =>
        this.logger?.warn(`índice de búsqueda no reconstruido: ${String(error)}`),
      );
  }

  /**
   * Again, in the background, the games above the version the index had 2 × LOOKBACK_MS ago: a change
   * whose version was passed over while its transaction was still open is read once it has committed.
   */
  private lookBack(em: SqlEntityManager, route: ConnectionType): void {
    const now = Date.now();
    this.lastLookback = now;
    const horizon = now - 2 * this.lookBackMs;
    const older = this.seen.filter((entry) => entry.at <= horizon);
    const floor = older.at(-1)?.version ?? this.seen[0]?.version ?? this.version;
    this.seen = [...older.slice(-1), ...this.seen.filter((entry) => entry.at > horizon)];
    this.apply(em, route, floor).catch((error: unknown) =>
      this.logger?.warn(`índice de búsqueda: cambios recientes no releídos: ${String(error)}`),
    );
  }

  private rebuild(em: SqlEntityManager, route: ConnectionType): Promise<void> {
    this.rebuilding ??= this.load(em.fork(), route).finally(() => {
      this.rebuilding = null;
    });
    return this.rebuilding;
  }
}

/** The games above `since` (all of them from 0) with their aliases, and the highest version read. */
async function readGames(
  em: SqlEntityManager,
  route: ConnectionType,
  since: number,
  limit: number | null,
): Promise<{ games: IndexedGame[]; version: number }> {
  const { games, version } = await repository(em, SearchSourceRepository, route).gamesSince(since, limit);
  return {
    games: games.map(({ id, searchName, aliases, spanish, mature, length, ...figures }) => ({
      id,
      searchName,
      popularity: popularityOf(figures),
      spanish,
      mature,
      length,
      aliases,
    })),
    version,
  };
}
