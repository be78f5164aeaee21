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

  /** Counts searches that found nothing, by their normalised text only: each term's count is added. */
  async record(counts: [term: string, count: number][]): Promise<void> {
    if (counts.length === 0) return;
    await this.db
      .insertInto('SearchMiss')
      .values(counts.map(([term, count]) => ({ term: term.slice(0, 100), count })))
      .onConflict((conflict) =>
        conflict.column('term').doUpdateSet((update) => ({
          count: sql<number>`${update.ref('SearchMiss.count')} + ${update.ref('excluded.count')}`,
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
