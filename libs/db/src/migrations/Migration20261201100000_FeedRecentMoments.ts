import { Migration } from '@mikro-orm/migrations';

/** How many of each user's newest moments of a source `user_activity` keeps (newest first). */
export const RECENT_MOMENTS = 10;

/**
 * The feed's sources: [table, its moment column, the array of user_activity that keeps its newest moments,
 * the column that kept only the newest before, which rows count].
 */
const SOURCES: [string, string, string, string, string][] = [
  ['ratings', 'updated_at', 'rating_moments', 'rating_at', 'true'],
  // A review hidden by moderation leaves every list, the feed among them (docs/CONTRACT.md §14).
  ['user_reviews', 'created_at', 'review_moments', 'review_at', 'hidden_at is null'],
  ['game_statuses', 'status_changed_at', 'status_moments', 'status_at', 'true'],
];

/** The user's RECENT_MOMENTS newest moments of a source, oldest first (for width_bucket), or null when none. */
const recent = (table: string, moment: string, visible: string, user: string) =>
  `nullif(array(select m from (select ${moment} as m from ${table} where user_id = ${user} and ${visible}
     order by ${moment} desc limit ${RECENT_MOMENTS}) newest order by m), '{}')`;

/** Which rows of a transition table (`alias`) count for the feed. */
const counted = (visible: string, alias: string) =>
  visible === 'true' ? 'true' : visible.replace('hidden_at', `${alias}.hidden_at`);

/**
 * Keeps `user_activity.<kept>` the newest RECENT_MOMENTS `<moment>`s of the user's counted rows of `<table>`,
 * oldest first (null when none), exactly. One trigger per statement and event, with its transition tables:
 * the users whose rows the statement wrote, moved, hid or removed get their line locked (in the order of
 * their ids, so two statements take turns rather than deadlock) and then recomputed by a statement of its
 * own, which under READ COMMITTED takes a new snapshot after the lock: whatever another transaction
 * committed meanwhile is read, and a transaction still writing the same user takes the lock after this one
 * and recomputes in turn. Recomputing (one index scan of RECENT_MOMENTS rows per user and statement) rather
 * than merging keeps a multiset exact whatever a statement mixes (an upsert inserts and updates). A line is
 * created only for the users of rows written: a user being deleted (its rows go by cascade) gets none back.
 */
function maintain(table: string, moment: string, kept: string, visible: string): string[] {
  const fn = `user_activity_moments_${table}`;
  const changed = `(o.user_id, o.${moment}, ${counted(visible, 'o')}) is distinct from (n.user_id, n.${moment}, ${counted(visible, 'n')})`;
  return [
    `create function "${fn}"() returns trigger language plpgsql as $$
declare
  affected int[];
  written int[];
  uid int;
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.user_id order by n.user_id) into written from new_rows n where ${counted(visible, 'n')};
    affected := written;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.user_id order by o.user_id) into affected from old_rows o where ${counted(visible, 'o')};
  else
    select array_agg(distinct n.user_id order by n.user_id) into written
    from old_rows o join new_rows n on n.id = o.id where ${changed} and ${counted(visible, 'n')};
    select array_agg(distinct u order by u) into affected from (
      select o.user_id as u from old_rows o join new_rows n on n.id = o.id where ${changed} and ${counted(visible, 'o')}
      union all
      select unnest(written)
    ) t;
  end if;
  if affected is null then
    return null;
  end if;
  if written is not null then
    insert into user_activity (user_id) select unnest(written) on conflict (user_id) do nothing;
  end if;
  foreach uid in array affected loop
    perform 1 from user_activity where user_id = uid for update;
    update user_activity set ${kept} = ${recent(table, moment, visible, 'uid')} where user_id = uid;
  end loop;
  return null;
end $$;`,
    `create trigger "${table}_activity_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_activity_update" after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_activity_delete" after delete on "${table}" referencing old table as old_rows for each statement execute function "${fn}"();`,
    `create function "${fn}_truncated"() returns trigger language plpgsql as $$
begin
  update user_activity set ${kept} = null where ${kept} is not null;
  return null;
end $$;`,
    `create trigger "${table}_activity_truncate" after truncate on "${table}" for each statement execute function "${fn}_truncated"();`,
  ];
}

/**
 * The triggers that keep the `user_activity` arrays, and the arrays filled from the rows there are (also the
 * way back to them from Migration20261202100000_FeedTimelines, which replaced them).
 */
export function restoreRecentMoments(): string[] {
  return [
    ...SOURCES.flatMap(([table, moment, kept, , visible]) => maintain(table, moment, kept, visible)),
    `insert into user_activity (user_id)
     select id from users u
     where exists (select 1 from ratings where user_id = u.id)
        or exists (select 1 from user_reviews where user_id = u.id and hidden_at is null)
        or exists (select 1 from game_statuses where user_id = u.id)
     on conflict (user_id) do nothing;`,
    `update user_activity a set ${SOURCES.map(([table, moment, kept, , visible]) => `${kept} = ${recent(table, moment, visible, 'a.user_id')}`).join(', ')};`,
  ];
}

/**
 * Issue 24: a page of the feed by cursor probed, for every followed user active since the cursor's moment,
 * that user's newest row before the cursor (378 probes at page 20 of the bench). `user_activity` now keeps
 * each user's RECENT_MOMENTS newest moments of each source instead of the newest alone: the newest before the
 * cursor is read from that array unless the user has more than that many rows since the cursor. The review
 * moments count only the reviews moderation has not hidden, which leave the feed. Triggers per statement
 * replace the row triggers; the arrays are filled here from the rows there are (writers wait for this
 * transaction).
 */
export class Migration20261201100000_FeedRecentMoments extends Migration {
  override name = 'Migration20261201100000_FeedRecentMoments';

  override up(): void | Promise<void> {
    for (const [table, , kept, scalar] of SOURCES) {
      this.addSql(`drop trigger if exists "${table}_user_activity" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_user_activity_truncated" on "${table}";`);
      this.addSql(`drop function if exists "user_activity_from_${table}"();`);
      this.addSql(`drop function if exists "user_activity_from_${table}_truncated"();`);
      this.addSql(`alter table "user_activity" drop column "${scalar}";`);
      this.addSql(`alter table "user_activity" add column "${kept}" timestamptz[] null;`);
    }
    for (const statement of restoreRecentMoments()) this.addSql(statement);
  }

  /** Back to the newest moment alone, kept by the row triggers of Migration20261130120000_FeedActivityMoments. */
  override down(): void | Promise<void> {
    for (const [table, moment, kept, scalar] of SOURCES) {
      for (const event of ['insert', 'update', 'delete', 'truncate'])
        this.addSql(`drop trigger if exists "${table}_activity_${event}" on "${table}";`);
      this.addSql(`drop function if exists "user_activity_moments_${table}"();`);
      this.addSql(`drop function if exists "user_activity_moments_${table}_truncated"();`);
      this.addSql(`alter table "user_activity" add column "${scalar}" timestamptz null;`);
      this.addSql(
        `update user_activity set ${scalar} = (select max(${moment}) from ${table} where user_id = user_activity.user_id);`,
      );
      this.addSql(`alter table "user_activity" drop column "${kept}";`);
      const fn = `user_activity_from_${table}`;
      this.addSql(`create function "${fn}"() returns trigger language plpgsql as $$
declare
  kept_now timestamptz;
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.user_id <> new.user_id or new.${moment} < old.${moment})) then
    select ${scalar} into kept_now from user_activity where user_id = old.user_id for update;
    if kept_now <= old.${moment} then
      update user_activity set ${scalar} = (select max(${moment}) from ${table} where user_id = old.user_id)
      where user_id = old.user_id;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into user_activity (user_id, ${scalar}) values (new.user_id, new.${moment})
    on conflict (user_id) do update set ${scalar} = excluded.${scalar}
    where user_activity.${scalar} is null or user_activity.${scalar} < excluded.${scalar};
  end if;
  return null;
end $$;`);
      this.addSql(
        `create trigger "${table}_user_activity" after insert or delete or update of user_id, ${moment} on "${table}" for each row execute function "${fn}"();`,
      );
      this.addSql(`create function "${fn}_truncated"() returns trigger language plpgsql as $$
begin
  update user_activity set ${scalar} = null where ${scalar} is not null;
  return null;
end $$;`);
      this.addSql(
        `create trigger "${table}_user_activity_truncated" after truncate on "${table}" for each statement execute function "${fn}_truncated"();`,
      );
    }
  }
}
