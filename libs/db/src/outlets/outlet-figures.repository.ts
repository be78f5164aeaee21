import { EntityRepository, type SqlEntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { slugify } from '../games/search-text.js';
import { typedSql } from '../typed-sql.js';
import type { OutletGameScore } from './outlet-game-score.entity.js';

/** Fewer other outlets than this on a game: the outlet's call there is not compared (section 15). */
export const MIN_OTHER_OUTLETS = 3;

/**
 * The first key of the per-game advisory lock of a game's outlet calls (the second is the game's id): a
 * number of our own. There is no lock for the whole database.
 */
const OUTLET_CALLS_LOCK = 27_015;

/**
 * The outlets' figures as the workers keep them (section 15): outlet_game_scores holds each outlet's call on
 * each game against the other outlets, the outlets row its count, average and deviation. Rebuilt per game by
 * the recalculation job and in full after an import (the seed); the API's pages only read them
 * (OutletPagesRepository).
 */
export class OutletFiguresRepository extends EntityRepository<OutletGameScore> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /**
   * One game's calls rebuilt from its media reviews, then the figures of every outlet that reviews it (or
   * had a call on it). Locks only what it rewrites: the game (two refreshes of one game) and its outlets'
   * rows, in id order, before reading them, so two games sharing outlets take turns on those outlets only
   * and each outlet's figures are computed after the other game's calls are committed.
   */
  async refreshGame(gameId: number): Promise<number> {
    return this.getEntityManager().transactional(async (em) => {
      const db = typedSql(em);
      await db
        .selectNoFrom((select) =>
          select
            .fn('pg_advisory_xact_lock', [select.val(OUTLET_CALLS_LOCK), select.val(gameId)])
            .as('locked'),
        )
        .execute();
      const outlets = await db
        .selectFrom('Outlet as o')
        .select('o.id')
        .where((where) =>
          where.or([
            where.exists(
              where
                .selectFrom('MediaReview as mr')
                .select('mr.id')
                .whereRef('mr.outlet', '=', 'o.name')
                .where('mr.game', '=', gameId),
            ),
            where.exists(
              where
                .selectFrom('OutletGameScore as s')
                .select('s.outlet')
                .whereRef('s.outlet', '=', 'o.id')
                .where('s.game', '=', gameId),
            ),
          ]),
        )
        .orderBy('o.id')
        .forUpdate()
        .execute();
      await db.deleteFrom('OutletGameScore').where('game', '=', gameId).execute();
      await db
        .insertInto('OutletGameScore')
        .columns(['outlet', 'game', 'score', 'othersCount', 'othersMean', 'difference'])
        .expression(this.callsQuery(gameId))
        .execute();
      return this.refreshOutletFigures(
        em,
        outlets.map((row) => Number(row.id)),
      );
    });
  }

  /** Every call rebuilt and every outlet's figures (after an import): answers the outlets refreshed. */
  async refreshAll(): Promise<number> {
    return this.getEntityManager().transactional(async (em) => {
      const db = typedSql(em);
      // Every outlet's row, in the order refreshGame locks its own: the two never deadlock.
      await db.selectFrom('Outlet').select('id').orderBy('id').forUpdate().execute();
      await db.deleteFrom('OutletGameScore').execute();
      await db
        .insertInto('OutletGameScore')
        .columns(['outlet', 'game', 'score', 'othersCount', 'othersMean', 'difference'])
        .expression(this.callsQuery())
        .execute();
      return this.refreshOutletFigures(em);
    });
  }

  /**
   * The calls of one game (or of all): each outlet's score on it is the mean of its scored reviews there;
   * the others' mean gives each other outlet one voice.
   */
  private callsQuery(gameId?: number) {
    const db = this.db;
    const perOutlet = db
      .selectFrom('MediaReview as mr')
      .innerJoin('Outlet as o', 'o.name', 'mr.outlet')
      .select((select) => [
        'o.id as outletId',
        'mr.game as gameId',
        sql<number>`avg(${select.ref('mr.rating')})::float8`.as('score'),
      ])
      .where('mr.rating', 'is not', null)
      .$if(gameId !== undefined, (query) => query.where('mr.game', '=', gameId ?? 0))
      .groupBy(['o.id', 'mr.game']);
    const withTotals = db
      .selectFrom(perOutlet.as('p'))
      .select((select) => [
        'p.outletId',
        'p.gameId',
        'p.score',
        sql<number>`(count(*) over (partition by ${select.ref('p.gameId')}) - 1)::int`.as('others'),
        sql<number>`sum(${select.ref('p.score')}) over (partition by ${select.ref('p.gameId')})`.as('total'),
      ]);
    return db.selectFrom(withTotals.as('t')).select((select) => [
      't.outletId',
      't.gameId',
      't.score',
      't.others',
      sql<number | null>`case when ${select.ref('t.others')} > 0
        then (${select.ref('t.total')} - ${select.ref('t.score')}) / ${select.ref('t.others')} end`.as(
        'othersMean',
      ),
      sql<number | null>`case when ${select.ref('t.others')} >= ${MIN_OTHER_OUTLETS}
        then ${select.ref('t.score')} - (${select.ref('t.total')} - ${select.ref('t.score')}) / ${select.ref('t.others')} end`.as(
        'difference',
      ),
    ]);
  }

  /** Count, average and deviation of the given outlets (or all), and a slug for any outlet without one. */
  private async refreshOutletFigures(em: SqlEntityManager, outletIds?: number[]): Promise<number> {
    if (outletIds?.length === 0) return 0;
    await this.assignSlugs(em, outletIds);
    const db = typedSql(em);
    const result = await db
      .updateTable('Outlet')
      .set((update) => ({
        reviewCount: update
          .selectFrom('MediaReview as mr')
          .select(sql<number>`count(*)::int`.as('total'))
          .whereRef('mr.outlet', '=', 'Outlet.name'),
        averageScore: update
          .selectFrom('MediaReview as mr')
          .select((select) => sql<number | null>`avg(${select.ref('mr.rating')})::float8`.as('average'))
          .whereRef('mr.outlet', '=', 'Outlet.name')
          .where('mr.rating', 'is not', null),
        deviationGames: update
          .selectFrom('OutletGameScore as s')
          .select(sql<number>`count(*)::int`.as('total'))
          .whereRef('s.outlet', '=', 'Outlet.id')
          .where('s.difference', 'is not', null),
        deviationMean: update
          .selectFrom('OutletGameScore as s')
          .select((select) => sql<number | null>`avg(${select.ref('s.difference')})`.as('mean'))
          .whereRef('s.outlet', '=', 'Outlet.id'),
        deviationStdev: update
          .selectFrom('OutletGameScore as s')
          .select((select) => sql<number | null>`stddev_samp(${select.ref('s.difference')})`.as('stdev'))
          .whereRef('s.outlet', '=', 'Outlet.id'),
      }))
      .$if(outletIds !== undefined, (query) => query.where('Outlet.id', 'in', outletIds ?? []))
      .executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0);
  }

  /**
   * The slug of its name, with -2, -3... when another outlet's name gives the same one; only the given
   * outlets (the rows the caller locked) or all.
   */
  private async assignSlugs(em: SqlEntityManager, outletIds?: number[]): Promise<void> {
    const db = typedSql(em);
    const missing = await db
      .selectFrom('Outlet')
      .select(['id', 'name'])
      .where('slug', 'is', null)
      .$if(outletIds !== undefined, (query) => query.where('id', 'in', outletIds ?? []))
      .orderBy('id')
      .execute();
    if (missing.length === 0) return;
    const taken = new Set(
      (await db.selectFrom('Outlet').select('slug').where('slug', 'is not', null).execute()).map(
        (row) => row.slug,
      ),
    );
    for (const outlet of missing) {
      const base = slugify(outlet.name).slice(0, 190);
      let slug = base;
      for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
      taken.add(slug);
      await db.updateTable('Outlet').set({ slug }).where('id', '=', outlet.id).execute();
    }
  }
}
