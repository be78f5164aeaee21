import { Migration } from '@mikro-orm/migrations';

export class Migration20261124020418_AccountSessions extends Migration {
  override name = 'Migration20261124020418_AccountSessions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "revoked_tokens" ("token_id" varchar(36) not null, "expires_at" timestamptz not null, primary key ("token_id"));`,
    );
    this.addSql(`create index "revoked_tokens_expires_idx" on "revoked_tokens" ("expires_at");`);

    this.addSql(
      `alter table "users" add "email_key" varchar(254) generated always as (case when split_part(lower(email), '@', 2) in ('gmail.com', 'googlemail.com') then replace(regexp_replace(split_part(lower(email), '@', 1), '^(.+?)\\+.*$', '\\1'), '.', '') || '@gmail.com' else regexp_replace(split_part(lower(email), '@', 1), '^(.+?)\\+.*$', '\\1') || '@' || split_part(lower(email), '@', 2) end) stored not null;`,
    );
    this.addSql(`alter table "users" add constraint "users_email_key_unique" unique ("email_key");`);

    this.addSql(`alter table "email_tokens" add "new_email" varchar(254) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "revoked_tokens" cascade;`);

    this.addSql(`alter table "email_tokens" drop column "new_email";`);

    this.addSql(`alter table "users" drop constraint "users_email_key_unique";`);
    this.addSql(`alter table "users" drop column "email_key";`);
  }
}
