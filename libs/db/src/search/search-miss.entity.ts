import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { SearchMissRepository } from './search-miss.repository.js';

/**
 * A search that found nothing, counted by its normalised text only: no user, address or session is
 * stored, so the list the operator reads holds no personal data beyond what was typed.
 */
@Entity({ tableName: 'search_misses', repository: () => SearchMissRepository })
@Index({
  name: 'search_misses_count_idx',
  expression: 'create index "search_misses_count_idx" on "search_misses" ("count" desc, "term")',
})
export class SearchMiss {
  [EntityRepositoryType]?: SearchMissRepository;

  @PrimaryKey({ length: 100 })
  term!: string;

  @Property({ type: 'integer', default: 0 })
  count: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  firstSearchedAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  lastSearchedAt: Date = new Date();
}
