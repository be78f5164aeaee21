import { ArrayType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/**
 * One ordering of the catalogue (a sort and its filters) as the workers last walked it: its size and the
 * game at every `every`-th position (keyset anchors), so the API starts any page from the nearest anchor
 * without walking rows. Written by the workers only (catalogue-ordering.repository.ts); the filter columns
 * let a domain event find the orderings a game belongs to.
 */
@Entity({ tableName: 'catalogue_orderings' })
@Unique({ name: 'catalogue_orderings_sort_filter_key_unique', properties: ['sort', 'filterKey'] })
export class CatalogueOrdering {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** A GameSort. */
  @Property({ type: 'string', length: 20 })
  sort!: string;

  /** The filters in one canonical text (catalogueFilterKey). */
  @Property({ type: 'text' })
  filterKey!: string;

  /** A platform's name as games store it. */
  @Property({ type: 'text', nullable: true })
  platform?: string | null;

  /** 'audio' or 'text'. */
  @Property({ type: 'string', length: 10, nullable: true })
  spanish?: string | null;

  /** A Spanish genre's IGDB names (a game with any of them). */
  @Property({ type: 'text[]', nullable: true })
  genres?: string[] | null;

  @Property({ type: 'smallint', nullable: true })
  year?: number | null;

  @Property({ default: false })
  scored: boolean = false;

  /** 'short', 'medium' or 'long' (docs/CONTRACT.md §19). */
  @Property({ type: 'string', length: 10, nullable: true })
  length?: string | null;

  @Property({ default: false })
  mature: boolean = false;

  @Property({ default: false })
  addons: boolean = false;

  /** One of the orderings the catalogue's screen offers with at most one filter, kept by the sweep. */
  @Property({ default: false })
  precomputed: boolean = false;

  /** Games in the ordering; null until its first walk (an ordering asked for by the API). */
  @Property({ type: 'integer', nullable: true })
  total?: number | null;

  @Property({ type: 'smallint', default: 100 })
  every: number = 100;

  /** The id and sort value (as text) of the games at positions 0, every, 2 × every… */
  @Property({ type: ArrayType, columnType: 'int[]', defaultRaw: "'{}'" })
  anchorIds: number[] = [];

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  anchorValues: (string | null)[] = [];

  /**
   * From the sequence catalogue_orderings_seq at every walk stored: an API process reads the orderings
   * whose version is above the highest it has seen (catalogue-ordering.repository.ts).
   */
  @Property({ type: 'bigint', default: 0 })
  @Index({ name: 'catalogue_orderings_version_idx' })
  version: string = '0';

  /**
   * A change of one of its games asked for a new walk: from the same sequence, compared with
   * `cleanSeq` (the mark the last walk started after). Dirty while dirtySeq > cleanSeq.
   */
  @Property({ type: 'bigint', default: 0 })
  dirtySeq: string = '0';

  @Property({ type: 'bigint', default: 0 })
  cleanSeq: string = '0';

  /** The database's date of the last walk: released games enter the catalogue by `current_date`. */
  @Property({ type: 'string', columnType: 'date', nullable: true })
  computedOn?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  computedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  requestedAt: Date = new Date();
}
