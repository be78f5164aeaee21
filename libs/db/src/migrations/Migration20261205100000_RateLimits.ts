import { Migration } from '@mikro-orm/migrations';

/**
 * The rate limits' counts without Redis (RateLimit): every API process of `npm start` shares them, as they
 * share Redis's when there is one.
 */
export class Migration20261205100000_RateLimits extends Migration {
  override name = 'Migration20261205100000_RateLimits';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "rate_limits" ("key" text not null, "count" int not null, "resets_at" timestamptz not null, "held_until" timestamptz not null, primary key ("key"));`,
    );
    this.addSql(`create index "rate_limits_resets_at_idx" on "rate_limits" ("resets_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limits" cascade;`);
  }
}
