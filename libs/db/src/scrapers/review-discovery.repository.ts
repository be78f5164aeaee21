import { EntityRepository } from '@mikro-orm/postgresql';
import { WISHLIST_NAME, type DiscoveryOrigin } from '@veredicto/contract';
import { typedSql } from '../typed-sql.js';
import type { DiscoveryOutcome, ReviewDiscovery } from './review-discovery.entity.js';

/** A game whose critic-review pages the discovery job looks for. */
export interface DiscoveryGame {
  id: number;
  igdbId: number;
  title: string;
  releaseDate: string | null;
  /** Its title and search aliases: a page about none of them is about another game. */
  names: string[];
  /** Links already stored for it (its media reviews): an OpenCritic link gives OpenCritic's id. */
  knownLinks: string[];
}

export interface DiscoveryFinding {
  url: string;
  origin: DiscoveryOrigin;
  outcome: DiscoveryOutcome;
  reason: string | null;
  reviewCount: number;
}

export interface DiscoveryWindow {
  /** yyyy-MM-dd */
  today: string;
  recentDays: number;
  upcomingDays: number;
  /** Most-followed games still without a critic average (4 scored reviews) taken on each run. */
  followedLimit: number;
  /** Recent and upcoming games taken on each run, nearest release first (each costs a fetch per site). */
  datedLimit: number;
}

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The discovery job's reads and writes, and the admin's listing of its findings. */
export class ReviewDiscoveryRepository extends EntityRepository<ReviewDiscovery> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * Games released in the last `recentDays` or coming in the next `upcomingDays` (reviews come out before
   * release, under embargo), and the most-followed games ('Deseados' and 'Quiero jugarlo') that still show no
   * critic average.
   */
  async candidateGames(window: DiscoveryWindow): Promise<DiscoveryGame[]> {
    const dated = await this.db
      .selectFrom('Game')
      .select(['id', 'igdbId', 'title', 'releaseDate'])
      .where('releaseDate', '>=', addDays(window.today, -window.recentDays))
      .where('releaseDate', '<=', addDays(window.today, window.upcomingDays))
      .orderBy('releaseDate', 'desc')
      .orderBy('id', 'asc')
      .limit(window.datedLimit)
      .execute();
    const followers = this.db
      .selectFrom('GameListEntry as e')
      .innerJoin('GameList as l', 'l.id', 'e.list')
      .select(['e.game as gameId', 'l.user as userId'])
      .where('l.reserved', '=', true)
      .where('l.nameKey', '=', WISHLIST_NAME.toLowerCase())
      .union(
        this.db
          .selectFrom('GameStatus as s')
          .select(['s.game as gameId', 's.user as userId'])
          .where('s.status', '=', 'want'),
      );
    const followed =
      window.followedLimit > 0
        ? await this.db
            .selectFrom(followers.as('f'))
            .innerJoin('Game as g', 'g.id', 'f.gameId')
            .select(['g.id', 'g.igdbId', 'g.title', 'g.releaseDate'])
            .select((eb) => eb.fn.countAll<number>().as('followers'))
            .where('g.criticReviewCount', '<', 4)
            .groupBy(['g.id', 'g.igdbId', 'g.title', 'g.releaseDate'])
            .orderBy('followers', 'desc')
            .orderBy('g.id', 'asc')
            .limit(window.followedLimit)
            .execute()
        : [];
    const games = new Map<number, Omit<DiscoveryGame, 'names' | 'knownLinks'>>();
    for (const game of [...dated, ...followed]) {
      games.set(Number(game.id), {
        id: Number(game.id),
        igdbId: Number(game.igdbId),
        title: game.title,
        releaseDate: game.releaseDate ? String(game.releaseDate).slice(0, 10) : null,
      });
    }
    if (games.size === 0) return [];
    const ids = [...games.keys()];
    const [aliases, links] = await Promise.all([
      this.db.selectFrom('GameAlias').select(['game as gameId', 'alias']).where('game', 'in', ids).execute(),
      this.db
        .selectFrom('MediaReview')
        .select(['game as gameId', 'link'])
        .where('game', 'in', ids)
        .where('link', 'is not', null)
        .execute(),
    ]);
    return [...games.values()].map((game) => ({
      ...game,
      names: [game.title, ...aliases.filter((row) => Number(row.gameId) === game.id).map((row) => row.alias)],
      knownLinks: links
        .filter((row) => Number(row.gameId) === game.id && row.link)
        .map((row) => row.link as string),
    }));
  }

  /** The registry's outlet domains: a page there may be an outlet's own review. */
  async outletDomains(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('Outlet')
      .select('domain')
      .where('domain', 'is not', null)
      .execute();
    return rows.map((row) => row.domain as string);
  }

  /**
   * Articles the news import brought whose title names the game and reads as a review ('Análisis de X',
   * 'X review', 'reseña'): the registry outlets' own review pages, newest first.
   */
  async reviewArticles(title: string, limit = 10): Promise<string[]> {
    const escaped = title.replace(/[\\%_]/g, (sign) => `\\${sign}`);
    const rows = await this.db
      .selectFrom('NewsArticle')
      .select('link')
      .where('title', 'ilike', `%${escaped}%`)
      .where((eb) =>
        eb.or(['%análisis%', '%analisis%', '%review%', '%reseña%'].map((word) => eb('title', 'ilike', word))),
      )
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.link);
  }

  /** What one run found for a game; a page looked at again keeps one row, with its latest outcome. */
  async record(gameId: number, findings: readonly DiscoveryFinding[]): Promise<void> {
    if (findings.length === 0) return;
    await this.db
      .insertInto('ReviewDiscovery')
      .values(findings.map((finding) => ({ game: gameId, ...finding, checkedAt: new Date() })))
      .onConflict((conflict) =>
        conflict.columns(['game', 'url']).doUpdateSet((update) => ({
          origin: update.ref('excluded.origin'),
          outcome: update.ref('excluded.outcome'),
          reason: update.ref('excluded.reason'),
          reviewCount: update.ref('excluded.reviewCount'),
          checkedAt: update.ref('excluded.checkedAt'),
        })),
      )
      .execute();
  }

  /** The latest findings, newest first, for the admin screen. */
  async latest(outcome: DiscoveryOutcome, limit: number) {
    const rows = await this.db
      .selectFrom('ReviewDiscovery as d')
      .innerJoin('Game as g', 'g.id', 'd.game')
      .select(['g.igdbId', 'g.title', 'd.url', 'd.origin', 'd.reason', 'd.reviewCount', 'd.checkedAt'])
      .where('d.outcome', '=', outcome)
      .orderBy('d.checkedAt', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      igdbId: Number(row.igdbId),
      title: row.title,
      url: row.url,
      origin: row.origin,
      reason: row.reason ?? null,
      reviewCount: row.reviewCount,
      checkedAt: new Date(row.checkedAt).toISOString(),
    }));
  }

  /**
   * The discovered sources still worth reading again: their game came out less than `weeks` weeks ago (or
   * comes soon), or their last reads still found new reviews in the last `graceDays` days, up to twice
   * `weeks` after release. Past that reviews have stopped arriving and the source is left alone.
   */
  async sourcesToReread(window: { today: string; weeks: number; upcomingDays: number; graceDays: number }) {
    const since = addDays(window.today, -window.weeks * 7);
    const until = addDays(window.today, window.upcomingDays);
    const latest = addDays(window.today, -window.weeks * 14);
    const grewSince = new Date(Date.parse(`${window.today}T00:00:00Z`) - window.graceDays * 86_400_000);
    const rows = await this.db
      .selectFrom('ScraperSource as s')
      .innerJoin('Game as g', 'g.id', 's.game')
      .select('s.id')
      .where('s.discovered', '=', true)
      .where('g.releaseDate', '<=', until)
      .where((eb) =>
        eb.or([
          eb('g.releaseDate', '>=', since),
          eb.and([eb('g.releaseDate', '>=', latest), eb('s.reviewsGrewAt', '>=', grewSince)]),
        ]),
      )
      .orderBy('s.id')
      .execute();
    return rows.map((row) => Number(row.id));
  }
}
