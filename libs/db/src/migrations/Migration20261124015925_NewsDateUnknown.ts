import { Migration } from '@mikro-orm/migrations';

/** A news article whose page gives no date stores none (it used to store the import time as its date). */
export class Migration20261124015925_NewsDateUnknown extends Migration {
  override name = 'Migration20261124015925_NewsDateUnknown';

  override up(): void | Promise<void> {
    this.addSql(`alter table "news_articles" alter column "publication_date" drop not null;`);
    // The listing puts the undated articles last: the index follows that order.
    this.addSql(`drop index if exists "news_articles_publication_idx";`);
    this.addSql(
      `create index "news_articles_publication_idx" on "news_articles" ("publication_date" desc nulls last, "id" desc);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `update "news_articles" set "publication_date" = "created_at" where "publication_date" is null;`,
    );
    this.addSql(`alter table "news_articles" alter column "publication_date" set not null;`);
    this.addSql(`drop index if exists "news_articles_publication_idx";`);
    this.addSql(
      `create index "news_articles_publication_idx" on "news_articles" ("publication_date" desc, "id" desc);`,
    );
  }
}
