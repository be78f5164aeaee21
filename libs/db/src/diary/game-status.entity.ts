import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { User } from '../users/user.entity.js';
import { feedTriggers } from './feed-entry.entity.js';
import { GameStatusRepository } from './game-status.repository.js';
import { PLAY_STATUSES, type PlayStatus } from '@veredicto/contract';

/**
 * A user's one status for a game. Indexed by game and status too: "who wants to play game X" is what
 * alerts for followed games read.
 */
@Entity({
  tableName: 'game_statuses',
  repository: () => GameStatusRepository,
  // Keeps the followers' feeds (feed_entries).
  triggers: feedTriggers('game_statuses'),
})
@Unique({ name: 'game_statuses_user_game_unique', properties: ['user', 'game'] })
@Index({ name: 'game_statuses_game_status_idx', properties: ['game', 'status'] })
@Index({ name: 'game_statuses_user_changed_idx', properties: ['user', 'statusChangedAt'] })
@Check({
  name: 'game_statuses_status_known',
  expression: `status in (${PLAY_STATUSES.map((status) => `'${status}'`).join(', ')})`,
})
@Check({ name: 'game_statuses_hours_range', expression: 'hours is null or (hours >= 0 and hours <= 100000)' })
export class GameStatus {
  [EntityRepositoryType]?: GameStatusRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ length: 12 })
  status!: PlayStatus;

  @Property({ length: 60, nullable: true })
  platform?: string | null;

  /** Calendar dates (yyyy-MM-dd), no time of day. */
  @Property({ type: 'date', nullable: true })
  startedAt?: string | null;

  @Property({ type: 'date', nullable: true })
  finishedAt?: string | null;

  /** Hours the player states; when null the game's hours are the sum of its sessions. */
  @Property({ type: 'decimal', precision: 8, scale: 2, nullable: true })
  hours?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When the status itself last changed: the feed's "status change" moment. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  statusChangedAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
