import type { TriggerDef } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/** The kinds of a feed's line as stored, in their order at one same moment (newest first: review, rating, status). */
export const FEED_KINDS = { status: 1, rating: 2, review: 3 } as const;

/**
 * One line of a reader's feed (fan-out on write): a rating, a review not hidden by moderation or a status of
 * a user the reader follows whose profile is not private, at its moment. Written only by PostgreSQL triggers
 * on ratings, user_reviews, game_statuses, user_follows and users (Migration20261202100000_FeedTimelines),
 * so it is exact after every write of them; a page of the feed is one descent of the primary key
 * (ActivityRepository.feedPage). What the line shows (the score, the status, the title) is read from its
 * source when the page is.
 */
@Entity({ tableName: 'feed_entries' })
@Index({ name: 'feed_entries_source_idx', properties: ['kind', 'sourceId'] })
@Index({ name: 'feed_entries_author_reader_idx', properties: ['author', 'reader'] })
@Check({ name: 'feed_entries_kind_known', expression: 'kind in (1, 2, 3)' })
export class FeedEntry {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  reader!: User;

  @PrimaryKey({ type: 'timestamptz' })
  moment!: Date;

  @PrimaryKey({ type: 'smallint' })
  kind!: number;

  @PrimaryKey({ type: 'integer' })
  sourceId!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  author!: User;

  @Property({ type: 'integer' })
  gameId!: number;
}

const TRANSITIONS = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
} as const;

/**
 * The statement triggers that keep `feed_entries` in step with a table the feed depends on (created with
 * their functions by Migration20261202100000_FeedTimelines; declared on the table's entity so the schema diff
 * knows them). The TRUNCATE triggers are not listed: the schema's introspection does not see them.
 */
export function feedTriggers(
  table: 'ratings' | 'user_reviews' | 'game_statuses' | 'user_follows',
): TriggerDef[] {
  // user_follows' update trigger is Migration20261207140000_FollowRequests' (an approval).
  return (['insert', 'update', 'delete'] as const).map((event) => ({
    name: `${table}_feed_${event}`,
    timing: 'after',
    events: [event],
    forEach: 'statement',
    expression: `create trigger "${table}_feed_${event}" after ${event} on "${table}" ${TRANSITIONS[event]} for each statement execute function "feed_entries_from_${table}"()`,
  }));
}
