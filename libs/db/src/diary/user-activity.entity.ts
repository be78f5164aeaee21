import type { TriggerDef } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/**
 * Each user's newest moment of each source of the feed (a rating's `updatedAt`, a review's `createdAt`, a
 * status' `statusChangedAt`), null when the user has none. Written only by PostgreSQL triggers on ratings,
 * user_reviews and game_statuses (Migration20261130120000_FeedActivityMoments), so it is exact after every
 * insert, update, delete and truncate: the feed picks the followed users worth reading from it
 * (ActivityRepository.feedPage) instead of probing every followed user's rows.
 */
@Entity({ tableName: 'user_activity' })
export class UserActivity {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'timestamptz', nullable: true })
  ratingAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  reviewAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  statusAt: Date | null = null;
}

/** The feed's sources and the column of each that is its moment. */
const MOMENTS = {
  ratings: 'updated_at',
  user_reviews: 'created_at',
  game_statuses: 'status_changed_at',
} as const;

/**
 * The row trigger that keeps `user_activity` in step with one source table (created with its function by
 * Migration20261130120000_FeedActivityMoments; declared on the table's entity so the schema diff knows it).
 * Its TRUNCATE trigger is not listed: the schema's introspection does not see TRUNCATE triggers.
 */
export function userActivityTriggers(table: keyof typeof MOMENTS): TriggerDef[] {
  return [
    {
      name: `${table}_user_activity`,
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      forEach: 'row',
      expression: `create trigger "${table}_user_activity" after insert or delete or update of user_id, ${MOMENTS[table]} on "${table}" for each row execute function "user_activity_from_${table}"()`,
    },
  ];
}
