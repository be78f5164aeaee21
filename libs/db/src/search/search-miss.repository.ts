import { EntityRepository } from '@mikro-orm/postgresql';
import type { SearchMiss } from './search-miss.entity.js';

export interface SearchMissRow {
  term: string;
  count: number;
  firstSearchedAt: string;
  lastSearchedAt: string;
}

export class SearchMissRepository extends EntityRepository<SearchMiss> {
  private sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all');
  }

  /** Counts one search that found nothing, by its normalised text only. */
  async record(term: string): Promise<void> {
    await this.sql(
      `insert into search_misses (term, count) values (?, 1)
       on conflict (term) do update set count = search_misses.count + 1, last_searched_at = now()`,
      [term.slice(0, 100)],
    );
  }

  /** The most frequent searches that found nothing, most searched first. */
  async findTop(limit: number): Promise<SearchMissRow[]> {
    const rows = await this.sql<{
      term: string;
      count: number;
      first_searched_at: Date;
      last_searched_at: Date;
    }>(
      `select term, count, first_searched_at, last_searched_at from search_misses
       order by count desc, term limit ?`,
      [limit],
    );
    return rows.map((row) => ({
      term: row.term,
      count: Number(row.count),
      firstSearchedAt: new Date(row.first_searched_at).toISOString(),
      lastSearchedAt: new Date(row.last_searched_at).toISOString(),
    }));
  }

  /** Forgets a search (answered by a new alias, or dismissed by the operator). */
  async remove(term: string): Promise<boolean> {
    const rows = await this.sql(`delete from search_misses where term = ? returning term`, [term]);
    return rows.length > 0;
  }
}
