import { EntityRepository } from '@mikro-orm/postgresql';
import type { Outlet } from './outlet.entity.js';
import { outletOriginFromLink } from './outlet-domain.js';

export interface OutletRegistryRow {
  name: string;
  country: string | null;
  language: string | null;
  domain: string | null;
}

type Row = Record<string, unknown>;

export class OutletRepository extends EntityRepository<Outlet> {
  private sql<T = Row>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all');
  }

  /** Loads registry rows (the seed's list): known facts replace what is stored, by name. */
  async upsertRegistry(outlets: OutletRegistryRow[]): Promise<number> {
    if (outlets.length === 0) return 0;
    const rows = await this.sql<{ total: number }>(
      `with upserted as (
         insert into outlets (name, country, language, domain)
         select x.name, x.country, x.language, x.domain
         from jsonb_to_recordset(?::jsonb) as x(name text, country text, language text, domain text)
         on conflict (name) do update set
           country = excluded.country, language = excluded.language, domain = excluded.domain
         returning 1)
       select count(*)::int as total from upserted`,
      [JSON.stringify(outlets)],
    );
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * Gives every outlet of the game's media reviews a registry row: a scraped review of an outlet the
   * registry does not know gets one with what its link's domain tells (country and language only from a
   * country-code domain, else null).
   */
  async registerOutletsOfGame(gameId: number): Promise<number> {
    const missing = await this.sql<{ outlet: string; link: string | null }>(
      `select distinct on (mr.outlet) mr.outlet, mr.link
       from media_reviews mr
       where mr.game_id = ? and not exists (select 1 from outlets o where o.name = mr.outlet)
       order by mr.outlet, mr.link nulls last`,
      [gameId],
    );
    if (missing.length === 0) return 0;
    const rows = missing.map((row) => ({ name: row.outlet, ...outletOriginFromLink(row.link) }));
    await this.sql(
      `insert into outlets (name, country, language, domain)
       select x.name, x.country, x.language, x.domain
       from jsonb_to_recordset(?::jsonb) as x(name text, country text, language text, domain text)
       on conflict (name) do nothing`,
      [JSON.stringify(rows)],
    );
    return rows.length;
  }

  /**
   * Recomputes each outlet's median score over the whole catalogue: for the outlets of one game whose
   * reviews there changed since their median was last computed (a rating alone changes nothing here), or
   * for every outlet. Rows are locked in id order so that two jobs sharing outlets cannot deadlock.
   */
  async refreshMedians(gameId?: number): Promise<number> {
    const stale =
      gameId === undefined
        ? 'select id, name from outlets'
        : `select distinct o.id, o.name from outlets o join media_reviews mr on mr.outlet = o.name
           where mr.game_id = ? and (o.median_computed_at is null or mr.updated_at > o.median_computed_at)`;
    const rows = await this.sql<{ total: number }>(
      `with stale as (${stale}),
            locked as (select o.id, o.name from outlets o where o.id in (select id from stale)
                       order by o.id for update),
            medians as (select l.id, (select round(percentile_cont(0.5) within group (order by mr.rating)::numeric)::int
                                       from media_reviews mr where mr.outlet = l.name and mr.rating is not null) as median
                        from locked l),
            updated as (update outlets o set median_score = m.median, median_computed_at = now()
                        from medians m where o.id = m.id returning 1)
       select count(*)::int as total from updated`,
      gameId === undefined ? [] : [gameId],
    );
    return Number(rows[0]?.total ?? 0);
  }
}
