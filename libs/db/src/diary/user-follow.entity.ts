import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { feedTriggers } from './feed-entry.entity.js';
import { UserFollowRepository } from './user-follow.repository.js';

/**
 * `follower` follows `followed`: once approved (`approvedAt`), the followed user's activity reaches the
 * follower's feed. Until then it is a follow request, which only a `followers` profile receives.
 */
@Entity({
  tableName: 'user_follows',
  repository: () => UserFollowRepository,
  // Brings the followed user's activity into the follower's feed, or takes it out (feed_entries).
  triggers: feedTriggers('user_follows'),
})
@Index({ name: 'user_follows_followed_idx', properties: ['followed'] })
@Check({ name: 'user_follows_not_self', expression: 'follower_id <> followed_id' })
export class UserFollow {
  [EntityRepositoryType]?: UserFollowRepository;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  follower!: User;

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' })
  followed!: User;

  /** When it was made (requested, for a follow that waits for approval). */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** Null while the followed user has not approved the request. */
  @Property({ type: 'timestamptz', nullable: true, defaultRaw: 'now()' })
  approvedAt: Date | null = new Date();
}
