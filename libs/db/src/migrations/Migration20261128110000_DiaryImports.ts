import { Migration } from '@mikro-orm/migrations';

/** Imports of a user's games from a file: the rows read, matched by a job, kept until the user confirms. */
export class Migration20261128110000_DiaryImports extends Migration {
  override name = 'Migration20261128110000_DiaryImports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "diary_imports" ("id" serial primary key, "user_id" int not null, "format" varchar(12) not null, "state" varchar(12) not null default 'matching', "rows" jsonb not null, "result" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint diary_imports_state_known check (state in ('matching', 'ready', 'done', 'failed')));`,
    );
    this.addSql(`create index "diary_imports_user_idx" on "diary_imports" ("user_id", "created_at");`);
    this.addSql(
      `alter table "diary_imports" add constraint "diary_imports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "diary_imports" cascade;`);
  }
}
