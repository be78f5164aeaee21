import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { feedTriggers } from './feed-entry.entity.js';
import { UserFollowRepository } from './user-follow.repository.js';

/** `follower` follows `followed`: the followed user's activity reaches the follower's feed. */
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

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
