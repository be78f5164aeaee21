import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql } from '../typed-sql.js';
import type { Outlet } from './outlet.entity.js';
import { outletOriginFromLink } from './outlet-domain.js';

export interface OutletRegistryRow {
  name: string;
  country: string | null;
  language: string | null;
  domain: string | null;
}

export class OutletRepository extends EntityRepository<Outlet> {
  private get db() {
    return typedSql(this.getEntityManager());
  }

  /** Loads registry rows (the seed's list): known facts replace what is stored, by name. */
  async upsertRegistry(outlets: OutletRegistryRow[]): Promise<number> {
    if (outlets.length === 0) return 0;
    const result = await this.db
      .insertInto('Outlet')
      .values(outlets.map(({ name, country, language, domain }) => ({ name, country, language, domain })))
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet((update) => ({
          country: update.ref('excluded.country'),
          language: update.ref('excluded.language'),
          domain: update.ref('excluded.domain'),
        })),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * Gives every outlet of the game's media reviews a registry row: a scraped review of an outlet the
   * registry does not know gets one with what its link's domain tells (country and language only from a
   * country-code domain, else null).
   */
  async registerOutletsOfGame(gameId: number): Promise<number> {
    const missing = await this.db
      .selectFrom('MediaReview as mr')
      .distinctOn('mr.outlet')
      .select(['mr.outlet', 'mr.link'])
      .where('mr.game', '=', gameId)
      .where((where) =>
        where.not(
          where.exists(where.selectFrom('Outlet as o').select('o.id').whereRef('o.name', '=', 'mr.outlet')),
        ),
      )
      .orderBy('mr.outlet')
      .orderBy('mr.link', (order) => order.asc().nullsLast())
      .execute();
    if (missing.length === 0) return 0;
    const rows = missing.map((row) => ({ name: row.outlet, ...outletOriginFromLink(row.link ?? null) }));
    await this.db
      .insertInto('Outlet')
      .values(rows.map(({ name, country, language, domain }) => ({ name, country, language, domain })))
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    return rows.length;
  }

  /**
   * Recomputes each outlet's median score over the whole catalogue: for the outlets of one game whose
   * reviews there changed since their median was last computed (a rating alone changes nothing here), or
   * for every outlet. Rows are locked in id order so that two jobs sharing outlets cannot deadlock.
   */
  async refreshMedians(gameId?: number): Promise<number> {
    const row = await this.db
      .with('stale', (query) =>
        gameId === undefined
          ? query.selectFrom('Outlet as o').select(['o.id', 'o.name'])
          : query
              .selectFrom('Outlet as o')
              .innerJoin('MediaReview as mr', 'mr.outlet', 'o.name')
              .select(['o.id', 'o.name'])
              .distinct()
              .where('mr.game', '=', gameId)
              .where((where) =>
                where.or([
                  where('o.medianComputedAt', 'is', null),
                  where('mr.updatedAt', '>', where.ref('o.medianComputedAt')),
                ]),
              ),
      )
      .with('locked', (query) =>
        query
          .selectFrom('Outlet as o')
          .select(['o.id', 'o.name'])
          .where('o.id', 'in', query.selectFrom('stale').select('stale.id'))
          .orderBy('o.id')
          .forUpdate(),
      )
      .with('medians', (query) =>
        query.selectFrom('locked as l').select((select) => [
          'l.id',
          select
            .selectFrom('MediaReview as mr')
            .select((median) =>
              sql<
                number | null
              >`round(percentile_cont(0.5) within group (order by ${median.ref('mr.rating')})::numeric)::int`.as(
                'median',
              ),
            )
            .whereRef('mr.outlet', '=', 'l.name')
            .where('mr.rating', 'is not', null)
            .as('median'),
        ]),
      )
      // No alias on the updated table: MikroORM's Kysely plugin maps the SET columns on the entity's own name.
      .with('updated', (query) =>
        query
          .updateTable('Outlet')
          .from('medians')
          .set((update) => ({
            medianScore: update.ref('medians.median'),
            medianComputedAt: sql<Date>`now()`,
          }))
          .whereRef('Outlet.id', '=', 'medians.id')
          .returning('Outlet.id'),
      )
      .selectFrom('updated')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
}
