import { Migration } from '@mikro-orm/migrations';

/**
 * The orderings' dirty marks, coalesced (CatalogueOrderingMark): a game's change is appended here instead of
 * updating every catalogue_orderings row it can move, under their row locks, once per event.
 */
export class Migration20261207110000_CatalogueOrderingMarks extends Migration {
  override name = 'Migration20261207110000_CatalogueOrderingMarks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "catalogue_ordering_marks" ("id" bigserial primary key, "igdb_id" int not null, "change" varchar(10) not null);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "catalogue_ordering_marks" cascade;`);
  }
}
