import type { TriggerDef } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/**
 * How many of each user's newest moments of a source `user_activity` keeps (the migration that fills it
 * writes the same number; test/integration/feed-consistency.test.ts recomputes the arrays with this one).
 */
export const RECENT_MOMENTS = 10;

/**
 * Each user's newest moments of each source of the feed (ratings' `updatedAt`, reviews' `createdAt` when
 * moderation has not hidden them, statuses' `statusChangedAt`): the RECENT_MOMENTS newest, oldest first (the order
 * `width_bucket` searches), null when the user has none. Written only by PostgreSQL triggers on ratings, user_reviews and game_statuses
 * (Migration20261201100000_FeedRecentMoments), so it is exact after every insert, update, delete and
 * truncate: the feed picks the followed users worth reading from it (ActivityRepository.feedPage) instead of
 * probing every followed user's rows, on the first page and on the pages by cursor alike.
 */
@Entity({ tableName: 'user_activity' })
export class UserActivity {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ columnType: 'timestamptz[]', nullable: true })
  ratingMoments: Date[] | null = null;

  @Property({ columnType: 'timestamptz[]', nullable: true })
  reviewMoments: Date[] | null = null;

  @Property({ columnType: 'timestamptz[]', nullable: true })
  statusMoments: Date[] | null = null;
}

/**
 * The statement triggers that keep `user_activity` in step with one source table, one per event with its
 * transition tables (created with their function by Migration20261201100000_FeedRecentMoments; declared on
 * the table's entity so the schema diff knows them). The TRUNCATE trigger is not listed: the schema's
 * introspection does not see TRUNCATE triggers.
 */
export function userActivityTriggers(table: 'ratings' | 'user_reviews' | 'game_statuses'): TriggerDef[] {
  const fn = `user_activity_moments_${table}`;
  const transitions = {
    insert: 'referencing new table as new_rows',
    update: 'referencing old table as old_rows new table as new_rows',
    delete: 'referencing old table as old_rows',
  } as const;
  return (['insert', 'update', 'delete'] as const).map((event) => ({
    name: `${table}_activity_${event}`,
    timing: 'after',
    events: [event],
    forEach: 'statement',
    expression: `create trigger "${table}_activity_${event}" after ${event} on "${table}" ${transitions[event]} for each statement execute function "${fn}"()`,
  }));
}
