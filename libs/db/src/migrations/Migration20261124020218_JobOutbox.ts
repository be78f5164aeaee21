import { Migration } from '@mikro-orm/migrations';

export class Migration20261124020218_JobOutbox extends Migration {
  override name = 'Migration20261124020218_JobOutbox';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "job_outbox" ("id" bigserial primary key, "job_name" varchar(100) not null, "payload" jsonb not null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, "attempts" int not null default 0, "last_error" text null);`,
    );
    this.addSql(`create index "job_outbox_pending_idx" on "job_outbox" ("id") where sent_at is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_outbox" cascade;`);
  }
}
