import { Migration } from '@mikro-orm/migrations';
import {
  SOURCES,
  followsFunction,
  sourceFunction,
  usersFunction,
  type FollowsCounted,
} from './Migration20261202100000_FeedTimelines.js';

/** The feed's functions counting `follows`, replacing the ones there are. */
const feedFunctions = (follows: FollowsCounted) => [
  ...SOURCES.map((source) => sourceFunction(source, follows)),
  followsFunction(follows),
  usersFunction(follows),
];

/**
 * Issue 46: a `followers` profile means approved followers (docs/CONTRACT.md §18). A follow is now a request
 * until its `approved_at` is set: following a public profile approves it at once, a `followers` one waits
 * for its owner. Follows made before stay approved (at their own date). The feed's triggers count only
 * approved follows, and an approval (an update of the follow) brings the author's activity into the feed.
 */
export class Migration20261207140000_FollowRequests extends Migration {
  override name = 'Migration20261207140000_FollowRequests';

  override up(): void | Promise<void> {
    this.addSql(`alter table "user_follows" add column "approved_at" timestamptz null;`);
    this.addSql(`update "user_follows" set "approved_at" = "created_at";`);
    this.addSql(`alter table "user_follows" alter column "approved_at" set default now();`);
    for (const statement of feedFunctions('approved follows')) this.addSql(statement);
    this.addSql(
      `create trigger "user_follows_feed_update" after update on "user_follows" referencing old table as old_rows new table as new_rows for each statement execute function "feed_entries_from_user_follows"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "user_follows_feed_update" on "user_follows";`);
    for (const statement of feedFunctions('every follow')) this.addSql(statement);
    this.addSql(`delete from "user_follows" where "approved_at" is null;`);
    this.addSql(`alter table "user_follows" drop column "approved_at";`);
  }
}
