import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { UserReviewRepository } from './user-review.repository.js';
import { User } from '../users/user.entity.js';
import { feedTriggers } from '../diary/feed-entry.entity.js';

/** A crítico's written review; its score is the author's rating of the same game. */
@Entity({
  tableName: 'user_reviews',
  repository: () => UserReviewRepository,
  // Keeps the followers' feeds (feed_entries).
  triggers: feedTriggers('user_reviews'),
})
// A user's reviews by date: their latest on the profile, and what a new follow copies into the follower's feed.
@Index({ name: 'user_reviews_user_created_idx', properties: ['user', 'createdAt'] })
@Unique({ name: 'user_reviews_user_game_unique', properties: ['user', 'game'] })
export class UserReview {
  [EntityRepositoryType]?: UserReviewRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'user_reviews_game_idx' })
  game!: Game;

  @Property({ type: 'text' })
  content!: string;

  /** Marked by its author: the text shows only after a tap. */
  @Property({ type: 'boolean', default: false })
  spoiler: boolean = false;

  /** Set when a moderator hides it after a report: it leaves every list and its author's count. */
  @Property({ type: 'timestamptz', nullable: true })
  hiddenAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
