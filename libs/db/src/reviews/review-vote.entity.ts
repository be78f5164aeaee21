import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { ReviewVoteRepository } from './review-vote.repository.js';
import { UserReview } from './user-review.entity.js';

/** A reader's answer to '¿Te ha sido útil?' on a user review: one per reader and review. */
@Entity({ tableName: 'review_votes', repository: () => ReviewVoteRepository })
@Unique({ name: 'review_votes_review_user_unique', properties: ['review', 'user'] })
export class ReviewVote {
  [EntityRepositoryType]?: ReviewVoteRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => UserReview, { deleteRule: 'cascade' })
  review!: UserReview;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index({ name: 'review_votes_user_idx' })
  user!: User;

  @Property({ type: 'boolean' })
  helpful!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
