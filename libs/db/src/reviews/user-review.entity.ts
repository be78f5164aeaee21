import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { UserReviewRepository } from './user-review.repository.js';
import { User } from '../users/user.entity.js';

/** A crítico's written review; its score is the author's rating of the same game. */
@Entity({ tableName: 'user_reviews', repository: () => UserReviewRepository })
// A user's reviews newest first: the feed of their followers.
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

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
