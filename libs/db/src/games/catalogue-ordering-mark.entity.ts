import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A change of one game that can move it in the catalogue's orderings (its figures, facts or languages), as
 * its domain event reported it: appended by the event's consumer (an insert, no row of another writer
 * locked or updated), read and deleted by the orderings' refresh, which marks the orderings those changes
 * can move in one statement per kind of change. A burst of ratings thus marks each ordering once.
 */
@Entity({ tableName: 'catalogue_ordering_marks' })
export class CatalogueOrderingMark {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property()
  igdbId!: number;

  @Property({ length: 10 })
  change!: string;
}
