import { Migration } from '@mikro-orm/migrations';

/**
 * One open report per reader and review (the duplicates filed before are folded into the oldest), and the
 * keys of the mails handed to the SMTP server (MailDelivery): a retried send-mail job whose key is marked
 * sent sends nothing.
 */
export class Migration20261207130000_TrustFourthRound extends Migration {
  override name = 'Migration20261207130000_TrustFourthRound';

  override up(): void | Promise<void> {
    this.addSql(
      `delete from "review_reports" as "r" using "review_reports" as "older" where "r"."decided_at" is null and "older"."decided_at" is null and "older"."review_id" = "r"."review_id" and "older"."reporter_id" = "r"."reporter_id" and "older"."id" < "r"."id";`,
    );
    this.addSql(
      `create unique index "review_reports_open_unique" on "review_reports" ("review_id", "reporter_id") where "decided_at" is null;`,
    );
    this.addSql(
      `create table "mail_deliveries" ("key" text not null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, primary key ("key"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mail_deliveries" cascade;`);
    this.addSql(`drop index if exists "review_reports_open_unique";`);
  }
}
