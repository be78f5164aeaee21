import { EntityRepository } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedSql, type TypedSql } from '../typed-sql.js';
import type { SearchMiss } from './search-miss.entity.js';

export interface SearchMissRow {
  term: string;
  count: number;
  firstSearchedAt: string;
  lastSearchedAt: string;
}

export class SearchMissRepository extends EntityRepository<SearchMiss> {
  private get db(): TypedSql {
    return typedSql(this.getEntityManager());
  }

  /** Counts one search that found nothing, by its normalised text only. */
  async record(term: string): Promise<void> {
    await this.db
      .insertInto('SearchMiss')
      .values({ term: term.slice(0, 100), count: 1 })
      .onConflict((conflict) =>
        conflict.column('term').doUpdateSet((update) => ({
          count: sql<number>`${update.ref('SearchMiss.count')} + 1`,
          lastSearchedAt: sql<Date>`now()`,
        })),
      )
      .execute();
  }

  /** The most frequent searches that found nothing, most searched first. */
  async findTop(limit: number): Promise<SearchMissRow[]> {
    const rows = await this.db
      .selectFrom('SearchMiss')
      .select(['term', 'count', 'firstSearchedAt', 'lastSearchedAt'])
      .orderBy('count', 'desc')
      .orderBy('term')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      term: row.term,
      count: Number(row.count),
      firstSearchedAt: new Date(row.firstSearchedAt).toISOString(),
      lastSearchedAt: new Date(row.lastSearchedAt).toISOString(),
    }));
  }

  /** Forgets a search (answered by a new alias, or dismissed by the operator). */
  async remove(term: string): Promise<boolean> {
    const rows = await this.db.deleteFrom('SearchMiss').where('term', '=', term).returning('term').execute();
    return rows.length > 0;
  }
}
