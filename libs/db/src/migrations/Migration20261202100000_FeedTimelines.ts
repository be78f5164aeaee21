import { Migration } from '@mikro-orm/migrations';
import { restoreRecentMoments } from './Migration20261201100000_FeedRecentMoments.js';

/**
 * The first key of the advisory locks the feed's triggers take, one per author (the second key): every
 * writer of an author's entries (a source row of theirs written, a follow of them made or undone, their
 * privacy changed) takes the author's lock before reading what to write, so two of them take turns.
 */
const AUTHOR_LOCK = 24_001;

/**
 * The feed's sources: [table, its moment column, the kind's number (the order of kinds at one same moment:
 * status, rating, review), which rows count].
 */
export const SOURCES: [string, string, number, string][] = [
  ['game_statuses', 'status_changed_at', 1, 'true'],
  ['ratings', 'updated_at', 2, 'true'],
  // A review hidden by moderation leaves every list, the feed among them (docs/CONTRACT.md §14).
  ['user_reviews', 'created_at', 3, 'hidden_at is null'],
];

/** Which rows of a transition table or source table (`alias`) count for the feed. */
const counted = (visible: string, alias: string) =>
  visible === 'true' ? 'true' : visible.replace('hidden_at', `${alias}.hidden_at`);

/**
 * Which follows (`f`) bring their author's rows into the follower's feed: every one here; only approved ones
 * since follow requests (Migration20261207140000_FollowRequests, which replaces the functions with it).
 */
export type FollowsCounted = 'every follow' | 'approved follows';
const followJoin = (follows: FollowsCounted) =>
  follows === 'every follow' ? '' : ' and f.approved_at is not null';

/** The entries of a source's rows (`alias` in `from`) for every follower of their authors who may see them. */
const fanOut = (
  moment: string,
  kind: number,
  visible: string,
  from: string,
  alias: string,
  follows: FollowsCounted,
) =>
  `insert into feed_entries (reader_id, moment, kind, source_id, author_id, game_id)
    select f.follower_id, ${alias}.${moment}, ${kind}, ${alias}.id, ${alias}.user_id, ${alias}.game_id
    from ${from}
    join users u on u.id = ${alias}.user_id and u.profile_visibility <> 'private'
    join user_follows f on f.followed_id = ${alias}.user_id${followJoin(follows)}
    where ${counted(visible, alias)}
    on conflict do nothing;`;

/**
 * The authors (`column` of `from`) a statement touched, each one's advisory lock taken in ascending order;
 * the trigger ends when there are none.
 */
const lockAuthors = (column: string, from: string) =>
  `select array_agg(distinct ${column} order by ${column}) into authors from ${from};
    if authors is null then return null; end if;
    foreach uid in array authors loop perform pg_advisory_xact_lock(${AUTHOR_LOCK}, uid); end loop;`;

/** A statement trigger's function: `body` runs with `authors` and `uid` declared. */
const triggerFunction = (name: string, body: string) =>
  `create or replace function "${name}"() returns trigger language plpgsql as $$
declare
  authors int[];
  uid int;
begin
  ${body}
  return null;
end $$;`;

/**
 * The statement triggers that keep a source's entries: the rows a statement inserted get an entry for every
 * follower of their author (unless the author's profile is private), the rows it removed lose theirs, and
 * the rows it moved (moment, author, game or visibility changed) lose theirs and get them again as they are
 * now. Each statement first takes its authors' locks (ascending, so two statements take turns rather than
 * deadlock) and then reads the follows and profiles with a snapshot of its own, taken after the lock: a
 * follow, an unfollow or a privacy change committed meanwhile is seen.
 */
export function sourceFunction(
  [table, moment, kind, visible]: (typeof SOURCES)[number],
  follows: FollowsCounted,
): string {
  const fn = `feed_entries_from_${table}`;
  const changed = `(o.user_id, o.${moment}, o.game_id, ${counted(visible, 'o')}) is distinct from (n.user_id, n.${moment}, n.game_id, ${counted(visible, 'n')})`;
  return triggerFunction(
    fn,
    `if tg_op = 'INSERT' then
    ${lockAuthors('n.user_id', `new_rows n where ${counted(visible, 'n')}`)}
    ${fanOut(moment, kind, visible, 'new_rows n', 'n', follows)}
  elsif tg_op = 'DELETE' then
    ${lockAuthors('o.user_id', 'old_rows o')}
    delete from feed_entries e using old_rows o where e.kind = ${kind} and e.source_id = o.id;
  else
    ${lockAuthors(
      'u',
      `(
      select o.user_id as u from old_rows o join new_rows n on n.id = o.id where ${changed}
      union all
      select n.user_id from old_rows o join new_rows n on n.id = o.id where ${changed}
    ) t`,
    )}
    delete from feed_entries e using old_rows o join new_rows n on n.id = o.id
      where ${changed} and e.kind = ${kind} and e.source_id = o.id;
    ${fanOut(moment, kind, visible, `new_rows n join old_rows o on o.id = n.id and ${changed}`, 'n', follows)}
  end if;`,
  );
}

function maintainSource(source: (typeof SOURCES)[number]): string[] {
  const [table, , kind] = source;
  const fn = `feed_entries_from_${table}`;
  return [
    sourceFunction(source, 'every follow'),
    `create trigger "${table}_feed_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_feed_update" after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_feed_delete" after delete on "${table}" referencing old table as old_rows for each statement execute function "${fn}"();`,
    `create function "${fn}_truncated"() returns trigger language plpgsql as $$
begin
  delete from feed_entries where kind = ${kind};
  return null;
end $$;`,
    `create trigger "${table}_feed_truncate" after truncate on "${table}" for each statement execute function "${fn}_truncated"();`,
  ];
}

/** Every entry of the followed users' rows of every source, for the follows of `from` (aliased `f`). */
const backfill = (from: string, where: string, follows: FollowsCounted) =>
  SOURCES.map(
    ([table, moment, kind, visible]) =>
      `insert into feed_entries (reader_id, moment, kind, source_id, author_id, game_id)
       select f.follower_id, s.${moment}, ${kind}, s.id, s.user_id, s.game_id
       from ${from}
       join users u on u.id = f.followed_id and u.profile_visibility <> 'private'${followJoin(follows)}
       join ${table} s on s.user_id = f.followed_id
       where ${where} and ${counted(visible, 's')}
       on conflict do nothing;`,
  ).join('\n    ');

/**
 * A follow made brings the followed user's activity into the follower's feed; a follow undone takes it out.
 * With follow requests, a follow counts once approved: its approval (an update) brings the activity in.
 */
export function followsFunction(follows: FollowsCounted): string {
  const approval =
    follows === 'every follow'
      ? ''
      : `elsif tg_op = 'UPDATE' then
    ${lockAuthors('n.followed_id', 'new_rows n')}
    delete from feed_entries e using new_rows n
      where n.approved_at is null and e.author_id = n.followed_id and e.reader_id = n.follower_id;
    ${backfill('new_rows f join old_rows o on o.follower_id = f.follower_id and o.followed_id = f.followed_id', 'o.approved_at is null', follows)}
  `;
  return triggerFunction(
    'feed_entries_from_user_follows',
    `if tg_op = 'INSERT' then
    ${lockAuthors('f.followed_id', 'new_rows f')}
    ${backfill('new_rows f', 'true', follows)}
  ${approval}else
    ${lockAuthors('o.followed_id', 'old_rows o')}
    delete from feed_entries e using old_rows o where e.author_id = o.followed_id and e.reader_id = o.follower_id;
  end if;`,
  );
}

/** A profile made private takes its activity out of every feed, and made visible again brings it back. */
export const usersFunction = (follows: FollowsCounted) =>
  `create or replace function "feed_entries_from_users"() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(${AUTHOR_LOCK}, new.id);
  if new.profile_visibility = 'private' then
    delete from feed_entries where author_id = new.id;
  elsif old.profile_visibility = 'private' then
    ${backfill('user_follows f', 'f.followed_id = new.id', follows)}
  end if;
  return null;
end $$;`;

function maintainFollows(): string[] {
  return [
    followsFunction('every follow'),
    `create trigger "user_follows_feed_insert" after insert on "user_follows" referencing new table as new_rows for each statement execute function "feed_entries_from_user_follows"();`,
    `create trigger "user_follows_feed_delete" after delete on "user_follows" referencing old table as old_rows for each statement execute function "feed_entries_from_user_follows"();`,
    `create function "feed_entries_from_user_follows_truncated"() returns trigger language plpgsql as $$
begin
  delete from feed_entries;
  return null;
end $$;`,
    `create trigger "user_follows_feed_truncate" after truncate on "user_follows" for each statement execute function "feed_entries_from_user_follows_truncated"();`,
    usersFunction('every follow'),
    `create trigger "users_feed_visibility" after update of profile_visibility on "users" for each row when (old.profile_visibility is distinct from new.profile_visibility) execute function "feed_entries_from_users"();`,
  ];
}

/** The triggers and functions of the feed's entries, by name (for the way back). */
const TRIGGERS: [string, string][] = [
  ...SOURCES.flatMap(([table]) =>
    ['insert', 'update', 'delete', 'truncate'].map((event): [string, string] => [
      table,
      `${table}_feed_${event}`,
    ]),
  ),
  ['user_follows', 'user_follows_feed_insert'],
  ['user_follows', 'user_follows_feed_delete'],
  ['user_follows', 'user_follows_feed_truncate'],
  ['users', 'users_feed_visibility'],
];

/**
 * Issue 24: the feed was read on demand, joining the reader's follows with each followed user's newest
 * moments (`user_activity`) and then their rows: about 3 ms of PostgreSQL a page, planned each time, whatever
 * the page. It is now written as the activity happens (fan-out on write): `feed_entries` holds, for each
 * reader, one line per rating, visible review and status of every user they follow whose profile is not
 * private, in the feed's order (moment, kind, id); a page is one descent of its primary key. PostgreSQL's
 * triggers keep it exact through every write of the sources, the follows and the profiles' privacy;
 * `user_activity`, which only the feed read, goes with its triggers.
 */
export class Migration20261202100000_FeedTimelines extends Migration {
  override name = 'Migration20261202100000_FeedTimelines';

  override up(): void | Promise<void> {
    for (const [table] of SOURCES) {
      for (const event of ['insert', 'update', 'delete', 'truncate'])
        this.addSql(`drop trigger if exists "${table}_activity_${event}" on "${table}";`);
      this.addSql(`drop function if exists "user_activity_moments_${table}"();`);
      this.addSql(`drop function if exists "user_activity_moments_${table}_truncated"();`);
    }
    this.addSql(`drop table if exists "user_activity" cascade;`);
    this.addSql(
      `create table "feed_entries" ("reader_id" int not null, "moment" timestamptz not null, "kind" smallint not null, "source_id" int not null, "author_id" int not null, "game_id" int not null, constraint "feed_entries_pkey" primary key ("reader_id", "moment", "kind", "source_id"), constraint feed_entries_kind_known check (kind in (1, 2, 3)));`,
    );
    this.addSql(`create index "feed_entries_source_idx" on "feed_entries" ("kind", "source_id");`);
    this.addSql(
      `create index "feed_entries_author_reader_idx" on "feed_entries" ("author_id", "reader_id");`,
    );
    this.addSql(
      `alter table "feed_entries" add constraint "feed_entries_reader_id_foreign" foreign key ("reader_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "feed_entries" add constraint "feed_entries_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete cascade;`,
    );
    for (const source of SOURCES) for (const statement of maintainSource(source)) this.addSql(statement);
    for (const statement of maintainFollows()) this.addSql(statement);
    // Filled from the rows there are (writers of the sources and follows wait for this transaction).
    this.addSql(backfill('user_follows f', 'true', 'every follow'));
  }

  /** Back to the newest moments kept per user (Migration20261201100000_FeedRecentMoments). */
  override down(): void | Promise<void> {
    for (const [table, trigger] of TRIGGERS)
      this.addSql(`drop trigger if exists "${trigger}" on "${table}";`);
    for (const [table] of [...SOURCES, ['user_follows'], ['users']]) {
      this.addSql(`drop function if exists "feed_entries_from_${table}"();`);
      this.addSql(`drop function if exists "feed_entries_from_${table}_truncated"();`);
    }
    this.addSql(`drop table if exists "feed_entries" cascade;`);
    this.addSql(
      `create table "user_activity" ("user_id" int not null, "rating_moments" timestamptz[] null, "review_moments" timestamptz[] null, "status_moments" timestamptz[] null, constraint "user_activity_pkey" primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "user_activity" add constraint "user_activity_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    for (const statement of restoreRecentMoments()) this.addSql(statement);
  }
}
