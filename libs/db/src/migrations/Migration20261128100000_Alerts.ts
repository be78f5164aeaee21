import { Migration } from '@mikro-orm/migrations';

/**
 * Alerts of followed games (docs/CONTRACT.md §11): one row per thing to tell (unique by its cause), one
 * notification per user and alert (unique: a retried or killed fan-out adds nothing), and the users'
 * settings with the secret tokens of the unsubscribe link and the calendar feed.
 */
export class Migration20261128100000_Alerts extends Migration {
  override name = 'Migration20261128100000_Alerts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "alerts" ("id" bigserial primary key, "key" varchar(120) not null, "kind" varchar(20) not null, "game_igdb_id" int not null, "text" varchar(300) not null, "platforms" text[] not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "alerts" add constraint "alerts_key_unique" unique ("key");`);
    this.addSql(`create index "alerts_game_idx" on "alerts" ("game_igdb_id");`);

    this.addSql(
      `create table "notifications" ("id" bigserial primary key, "user_id" int not null, "alert_id" bigint not null, "created_at" timestamptz not null default now(), "read_at" timestamptz null, "mail" varchar(10) null, "mailed_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_alert_unique" unique ("user_id", "alert_id");`,
    );
    this.addSql(`create index "notifications_user_idx" on "notifications" ("user_id", "id");`);
    this.addSql(`create index "notifications_alert_idx" on "notifications" ("alert_id", "user_id");`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_alert_id_foreign" foreign key ("alert_id") references "alerts" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "alert_settings" ("user_id" int not null primary key, "email" varchar(10) not null default 'immediate', "muted" text[] not null default '{}', "platforms" text[] not null default '{}', "unsubscribe_token" varchar(64) not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), "calendar_token" varchar(64) not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));`,
    );
    this.addSql(
      `alter table "alert_settings" add constraint "alert_settings_unsubscribe_unique" unique ("unsubscribe_token");`,
    );
    this.addSql(
      `alter table "alert_settings" add constraint "alert_settings_calendar_unique" unique ("calendar_token");`,
    );
    this.addSql(
      `alter table "alert_settings" add constraint "alert_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "alerts" cascade;`);
    this.addSql(`drop table if exists "alert_settings" cascade;`);
  }
}
