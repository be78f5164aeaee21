import { Migration } from '@mikro-orm/migrations';

/** The feed's sources: [table, its moment column, the column of user_activity that keeps its newest]. */
const SOURCES: [string, string, string][] = [
  ['ratings', 'updated_at', 'rating_at'],
  ['user_reviews', 'created_at', 'review_at'],
  ['game_statuses', 'status_changed_at', 'status_at'],
];

/**
 * Keeps `user_activity.<kept>` the newest `<moment>` of the user's rows of `<table>`, exactly. A row written
 * raises it (greatest: concurrent writers commute). A row gone, moved to another user or moved back in time
 * may have been the newest: then the user's line is locked first (always, so two such writers take turns) and,
 * when it held that moment, the newest left is read after the lock by a statement of its own (a function's
 * statements each take a new snapshot under READ COMMITTED): what another transaction committed meanwhile is
 * seen, and a row it commits later raises the line again. Only ever an update on that path: a user being
 * deleted gets no line back.
 */
function maintain(table: string, moment: string, kept: string): string[] {
  const fn = `user_activity_from_${table}`;
  return [
    `create function "${fn}"() returns trigger language plpgsql as $$
declare
  kept_now timestamptz;
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.user_id <> new.user_id or new.${moment} < old.${moment})) then
    select ${kept} into kept_now from user_activity where user_id = old.user_id for update;
    if kept_now <= old.${moment} then
      update user_activity set ${kept} = (select max(${moment}) from ${table} where user_id = old.user_id)
      where user_id = old.user_id;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into user_activity (user_id, ${kept}) values (new.user_id, new.${moment})
    on conflict (user_id) do update set ${kept} = excluded.${kept}
    where user_activity.${kept} is null or user_activity.${kept} < excluded.${kept};
  end if;
  return null;
end $$;`,
    `create trigger "${table}_user_activity" after insert or delete or update of user_id, ${moment} on "${table}" for each row execute function "${fn}"();`,
    `create function "${fn}_truncated"() returns trigger language plpgsql as $$
begin
  update user_activity set ${kept} = null where ${kept} is not null;
  return null;
end $$;`,
    `create trigger "${table}_user_activity_truncated" after truncate on "${table}" for each statement execute function "${fn}_truncated"();`,
  ];
}

/**
 * Issue 24: the feed's first page took each followed user's newest moment of each source by an index probe
 * (3,000 for a reader following 1,000 users). `user_activity` keeps those moments, one line per user with any
 * activity, maintained by triggers, and is filled here from the rows there are (the triggers exist before the
 * fill, and the tables' writers wait for this transaction).
 */
export class Migration20261130120000_FeedActivityMoments extends Migration {
  override name = 'Migration20261130120000_FeedActivityMoments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "user_activity" ("user_id" int not null, "rating_at" timestamptz null, "review_at" timestamptz null, "status_at" timestamptz null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "user_activity" add constraint "user_activity_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    for (const [table, moment, kept] of SOURCES)
      for (const statement of maintain(table, moment, kept)) this.addSql(statement);
    this.addSql(
      `insert into user_activity (user_id, rating_at, review_at, status_at)
       select id, rating_at, review_at, status_at from (
         select u.id,
           (select max(updated_at) from ratings where user_id = u.id) as rating_at,
           (select max(created_at) from user_reviews where user_id = u.id) as review_at,
           (select max(status_changed_at) from game_statuses where user_id = u.id) as status_at
         from users u
       ) t
       where coalesce(rating_at, review_at, status_at) is not null;`,
    );
  }

  override down(): void | Promise<void> {
    for (const [table] of SOURCES) {
      this.addSql(`drop trigger if exists "${table}_user_activity" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_user_activity_truncated" on "${table}";`);
      this.addSql(`drop function if exists "user_activity_from_${table}"();`);
      this.addSql(`drop function if exists "user_activity_from_${table}_truncated"();`);
    }
    this.addSql(`drop table if exists "user_activity" cascade;`);
  }
}
