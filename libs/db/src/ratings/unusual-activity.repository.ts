import { EntityRepository } from '@mikro-orm/postgresql';
import { sql, type Expression } from 'kysely';
import type {
  AdminUnusualWindow,
  PlayerTimelineWeek,
  RatingObservation,
  UnusualEvidence,
  UnusualRatingWindow,
  UnusualWindow,
} from '@veredicto/contract';
import { typedReadSql, typedRows, typedSql } from '../typed-sql.js';
import { playerAverage } from '../games/game-figures-query.js';
import type { UnusualActivityWindow, WindowStatus } from './unusual-activity-window.entity.js';

/** A rating as the detector reads it, with its id for the exclusion. */
export interface ObservedRating extends RatingObservation {
  id: number;
}

export interface StoredWindow {
  id: number;
  from: string;
  to: string;
  status: WindowStatus;
}

/** A window as the admin screen lists it, its dates still dates (the API's answer has them as text). */
export type AdminWindowRow = Omit<AdminUnusualWindow, 'detectedAt' | 'dismissedAt'> & {
  detectedAt: Date;
  dismissedAt: Date | null;
};

/** How many weeks the player timeline goes back. */
export const TIMELINE_WEEKS = 104;

const utcDay = (value: Expression<Date>) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The windows of unusual rating activity and the ratings they leave out of the player average
 * (docs/CONTRACT.md §14): what the detector of the workers reads and writes, what the game page and
 * the admin screen show.
 */
export class UnusualActivityRepository extends EntityRepository<UnusualActivityWindow> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** The game's ratings given (or last changed) since `sinceDay`, with their accounts' age and breadth. */
  async findObservations(gameId: number, sinceDay: string): Promise<ObservedRating[]> {
    // Every rating of the game's last 180 days, on every recalculation: read without the query builder's
    // conversion of each row (typedRows), which was most of a worker's time under a burst of ratings.
    const query = this.db
      .selectFrom('Rating as r')
      .innerJoin('User as u', 'u.id', 'r.user')
      .select((eb) => [
        'r.id',
        'r.score',
        utcDay(eb.ref('r.updatedAt')).as('day'),
        sql<number>`floor(extract(epoch from (${eb.ref('r.updatedAt')} - ${eb.ref('u.createdAt')})) / 86400)::int`.as(
          'accountAgeDays',
        ),
        eb
          .selectFrom('Rating as other')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('other.user', '=', 'r.user')
          .whereRef('other.game', '<>', 'r.game')
          .as('otherRatings'),
      ])
      .where('r.game', '=', gameId)
      .where('r.updatedAt', '>=', sql<Date>`(${sinceDay}::date)::timestamp at time zone 'UTC'`);
    const rows = await typedRows(this.getEntityManager(), query);
    return rows.map((row) => ({
      id: Number(row.id),
      score: Number(row.score),
      day: String(row.day),
      accountAgeDays: Number(row.accountAgeDays),
      otherRatings: Number(row.otherRatings ?? 0),
    }));
  }

  /**
   * The share of ratings from accounts younger than `newAccountDays` across the site in the `days` days
   * before `from` (UTC), from other games' ratings by accounts that never rated this game: a bomb of several
   * games at once, by the same accounts or on the same days, does not make itself the site's normal. Null
   * when there were none.
   */
  async findSiteNewShare(
    gameId: number,
    from: string,
    days: number,
    newAccountDays: number,
  ): Promise<number | null> {
    const row = await this.db
      .selectFrom('Rating as r')
      .innerJoin('User as u', 'u.id', 'r.user')
      .select((eb) => [
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) filter (where ${eb.ref('r.updatedAt')} - ${eb.ref('u.createdAt')} < make_interval(days => ${newAccountDays}))::int`.as(
          'fresh',
        ),
      ])
      .where('r.game', '<>', gameId)
      .where('r.updatedAt', '>=', sql<Date>`(${from}::date - ${days}::int)::timestamp at time zone 'UTC'`)
      .where('r.updatedAt', '<', sql<Date>`(${from}::date)::timestamp at time zone 'UTC'`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('Rating as own')
              .select('own.id')
              .whereRef('own.user', '=', 'r.user')
              .where('own.game', '=', gameId),
          ),
        ),
      )
      .executeTakeFirst();
    const total = Number(row?.total ?? 0);
    return total === 0 ? null : Number(row?.fresh ?? 0) / total;
  }

  /** The game's critic average (0-100), what a wall of the lowest scores is held against. */
  async findCriticScore(gameId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('Game')
      .select('avRatings')
      .where('id', '=', gameId)
      .executeTakeFirst();
    return row?.avRatings ?? null;
  }

  async findWindows(gameId: number): Promise<StoredWindow[]> {
    const rows = await this.db
      .selectFrom('UnusualActivityWindow')
      .select(['id', 'fromDay', 'toDay', 'status'])
      .where('game', '=', gameId)
      .orderBy('fromDay')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      from: String(row.fromDay),
      to: String(row.toDay),
      status: row.status,
    }));
  }

  async insertWindow(gameId: number, window: UnusualWindow): Promise<number> {
    const row = await this.db
      .insertInto('UnusualActivityWindow')
      .values({
        game: gameId,
        fromDay: window.from,
        toDay: window.to,
        ratingCount: window.count,
        evidence: sql<UnusualEvidence>`${JSON.stringify(window.evidence)}::jsonb`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** A flagged window found again, maybe longer: it keeps its id and its exclusions follow. */
  async updateWindow(id: number, window: UnusualWindow): Promise<void> {
    await this.db
      .updateTable('UnusualActivityWindow')
      .set({
        fromDay: window.from,
        toDay: window.to,
        ratingCount: window.count,
        evidence: sql<UnusualEvidence>`${JSON.stringify(window.evidence)}::jsonb`,
      })
      .where('id', '=', id)
      .where('status', '=', 'flagged')
      .execute();
  }

  /**
   * Sets which of the game's ratings since `sinceDay` each flagged window excludes (rating id → window
   * id), clears the others, and refreshes each window's excluded count. Answers how many ratings changed.
   */
  async applyExclusions(gameId: number, sinceDay: string, excluded: Map<number, number>): Promise<number> {
    const db = this.db;
    const since = sql<Date>`(${sinceDay}::date)::timestamp at time zone 'UTC'`;
    const cleared = await db
      .updateTable('Rating')
      .set({ excludedBy: null })
      .where('game', '=', gameId)
      .where('updatedAt', '>=', since)
      .where('excludedBy', 'is not', null)
      .$if(excluded.size > 0, (q) => q.where('id', 'not in', [...excluded.keys()]))
      .executeTakeFirst();
    let changed = Number(cleared.numUpdatedRows);
    const byWindow = new Map<number, number[]>();
    for (const [ratingId, windowId] of excluded)
      byWindow.set(windowId, [...(byWindow.get(windowId) ?? []), ratingId]);
    for (const [windowId, ratingIds] of byWindow) {
      const set = await db
        .updateTable('Rating')
        .set({ excludedBy: windowId })
        .where('id', 'in', ratingIds)
        .where('excludedBy', 'is distinct from', windowId)
        .executeTakeFirst();
      changed += Number(set.numUpdatedRows);
    }
    // No alias on the updated table: MikroORM's Kysely plugin maps the columns of an aliased one in the
    // subquery but not in the outer where ('w.game' stayed a property name).
    await db
      .updateTable('UnusualActivityWindow')
      .set((eb) => ({
        excludedCount: eb
          .selectFrom('Rating as r')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('r.excludedBy', '=', 'UnusualActivityWindow.id'),
      }))
      .where('game', '=', gameId)
      .execute();
    return changed;
  }

  /** Serialises detections of one game (the job of a rating and the schedule) until the transaction ends. */
  async lockGame(gameId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('Game')
      .select('id')
      .where('id', '=', gameId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The operator's dismissal: the window's ratings count again. Null when no flagged window has this id. */
  async dismiss(windowId: number): Promise<{ gameId: number } | null> {
    const row = await this.db
      .updateTable('UnusualActivityWindow')
      .set({ status: 'dismissed', dismissedAt: sql<Date>`now()`, excludedCount: 0 })
      .where('id', '=', windowId)
      .where('status', '=', 'flagged')
      .returning('game')
      .executeTakeFirst();
    if (!row) return null;
    await this.db
      .updateTable('Rating')
      .set({ excludedBy: null })
      .where('excludedBy', '=', windowId)
      .execute();
    return { gameId: Number(row.game) };
  }

  /** The game's flagged windows, oldest first, as `playerStats.unusual`. */
  async findShown(gameId: number): Promise<UnusualRatingWindow[]> {
    const rows = await typedReadSql(this.getEntityManager())
      .selectFrom('UnusualActivityWindow')
      .select(['fromDay', 'toDay', 'ratingCount', 'excludedCount'])
      .where('game', '=', gameId)
      .where('status', '=', 'flagged')
      .orderBy('fromDay')
      .execute();
    return rows.map((row) => ({
      from: String(row.fromDay),
      to: String(row.toDay),
      count: Number(row.ratingCount),
      excluded: Number(row.excludedCount),
    }));
  }

  /** The mean of every rating of the game, excluded ones too (the page's toggle). */
  async findAverageWithUnusual(gameId: number): Promise<number | null> {
    const row = await typedReadSql(this.getEntityManager())
      .selectFrom('Rating as r')
      .select((eb) => playerAverage(eb.ref('r.score')).as('average'))
      .where('r.game', '=', gameId)
      .executeTakeFirst();
    return row?.average == null ? null : Number(row.average);
  }

  /** Weekly counts and averages of the game's ratings (weeks start on Monday, UTC), oldest first. */
  async findTimeline(gameId: number): Promise<PlayerTimelineWeek[]> {
    const rows = await typedReadSql(this.getEntityManager())
      .selectFrom('Rating as r')
      .select((eb) => [
        sql<string>`to_char(date_trunc('week', ${eb.ref('r.updatedAt')} at time zone 'UTC'), 'YYYY-MM-DD')`.as(
          'week',
        ),
        sql<number>`count(*)::int`.as('count'),
        playerAverage(eb.ref('r.score')).as('average'),
        sql<number>`count(${eb.ref('r.excludedBy')})::int`.as('excluded'),
      ])
      .where('r.game', '=', gameId)
      .where('r.updatedAt', '>=', sql<Date>`now() - make_interval(weeks => ${sql.lit(TIMELINE_WEEKS)})`)
      // The output column: PostgreSQL groups and orders by a select list alias.
      .groupBy(sql.ref('week'))
      .orderBy(sql.ref('week'))
      .execute();
    return rows.map((row) => ({
      week: String(row.week),
      count: Number(row.count),
      average: row.average == null ? null : Number(row.average),
      excluded: Number(row.excluded),
    }));
  }

  /** Every window, flagged first and newest first, for the admin screen. */
  async findForAdmin(limit = 200): Promise<AdminWindowRow[]> {
    const rows = await this.db
      .selectFrom('UnusualActivityWindow as w')
      .innerJoin('Game as g', 'g.id', 'w.game')
      .select([
        'w.id',
        'g.igdbId as igdbID',
        'g.slug',
        'g.title as gameTitle',
        'w.fromDay',
        'w.toDay',
        'w.ratingCount',
        'w.excludedCount',
        'w.status',
        'w.evidence',
        'w.detectedAt',
        'w.dismissedAt',
      ])
      .orderBy(sql`${sql.ref('w.status')} = 'flagged'`, 'desc')
      .orderBy('w.detectedAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      igdbID: Number(row.igdbID),
      slug: String(row.slug),
      gameTitle: String(row.gameTitle),
      from: String(row.fromDay),
      to: String(row.toDay),
      count: Number(row.ratingCount),
      excluded: Number(row.excludedCount),
      status: row.status,
      evidence: row.evidence,
      detectedAt: row.detectedAt,
      dismissedAt: row.dismissedAt ?? null,
    }));
  }

  /** Games rated since `since`: the scheduled run looks at them. */
  async findGamesRatedSince(since: Date): Promise<number[]> {
    const rows = await this.db
      .selectFrom('Rating')
      .select('game')
      .distinct()
      .where('updatedAt', '>=', since)
      .orderBy('game')
      .execute();
    return rows.map((row) => Number(row.game));
  }
}
