import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { User } from '../users/user.entity.js';
import { feedTriggers } from '../diary/feed-entry.entity.js';
import { RatingRepository } from './rating.repository.js';
import { UnusualActivityWindow } from './unusual-activity-window.entity.js';

/** A user's one score for a game: the source rows of the player average. */
@Entity({
  tableName: 'ratings',
  repository: () => RatingRepository,
  // Keeps the followers' feeds (feed_entries).
  triggers: feedTriggers('ratings'),
})
@Unique({ name: 'ratings_user_game_unique', properties: ['user', 'game'] })
// A user's ratings by date: their latest on the profile, and what a new follow copies into the follower's feed.
@Index({ name: 'ratings_user_updated_idx', properties: ['user', 'updatedAt'] })
@Check({ name: 'ratings_score_range', expression: 'score >= 0 and score <= 100' })
export class Rating {
  [EntityRepositoryType]?: RatingRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'ratings_game_idx' })
  game!: Game;

  @Property({ type: 'smallint' })
  score!: number;

  /**
   * The flagged window of unusual activity that leaves this rating out of the player average (a
   * suspicious account inside it); null for every counted rating. Kept by the detector of the workers.
   */
  @ManyToOne(() => UnusualActivityWindow, { nullable: true, deleteRule: 'set null' })
  @Index({ name: 'ratings_excluded_by_idx' })
  excludedBy: UnusualActivityWindow | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** By day across the site: the share of new accounts the detector of unusual activity compares with. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  @Index({ name: 'ratings_updated_idx' })
  updatedAt: Date = new Date();
}
