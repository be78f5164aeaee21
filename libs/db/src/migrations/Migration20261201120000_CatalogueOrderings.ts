import { Migration } from '@mikro-orm/migrations';

/**
 * catalogue_orderings: each ordering of the catalogue (a sort and its filters) as the workers last walked
 * it, with its size and keyset anchors, so the API starts a deep page from the nearest anchor without
 * walking rows. One sequence gives the versions the API reads and the marks of changes (a nextval default
 * would read as an autoincrement column to the schema diff, so the repository calls it).
 */
export class Migration20261201120000_CatalogueOrderings extends Migration {
  override name = 'Migration20261201120000_CatalogueOrderings';

  override up(): void | Promise<void> {
    this.addSql(`create sequence if not exists "catalogue_orderings_seq";`);
    this.addSql(
      `create table "catalogue_orderings" ("id" serial primary key, "sort" varchar(20) not null, "filter_key" text not null, "platform" text null, "spanish" varchar(10) null, "genres" text[] null, "year" smallint null, "scored" boolean not null default false, "mature" boolean not null default false, "addons" boolean not null default false, "precomputed" boolean not null default false, "total" int null, "every" smallint not null default 100, "anchor_ids" int[] not null default '{}', "anchor_values" text[] not null default '{}', "version" bigint not null default '0', "dirty_seq" bigint not null default '0', "clean_seq" bigint not null default '0', "computed_on" date null, "computed_at" timestamptz null, "requested_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "catalogue_orderings" add constraint "catalogue_orderings_sort_filter_key_unique" unique ("sort", "filter_key");`,
    );
    this.addSql(`create index "catalogue_orderings_version_idx" on "catalogue_orderings" ("version");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "catalogue_orderings" cascade;`);
    this.addSql(`drop sequence if exists "catalogue_orderings_seq";`);
  }
}
