import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { User } from '../users/user.entity.js';
import { PlaySessionRepository } from './play-session.repository.js';

/** One sitting with a game: its date, how long, on what. */
@Entity({ tableName: 'play_sessions', repository: () => PlaySessionRepository })
@Index({ name: 'play_sessions_user_game_idx', properties: ['user', 'game'] })
@Check({ name: 'play_sessions_minutes_range', expression: 'minutes > 0 and minutes <= 1440' })
export class PlaySession {
  [EntityRepositoryType]?: PlaySessionRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'play_sessions_game_idx' })
  game!: Game;

  @Property({ type: 'date' })
  playedOn!: string;

  @Property({ type: 'integer' })
  minutes!: number;

  @Property({ length: 60, nullable: true })
  platform?: string | null;

  @Property({ length: 500, nullable: true })
  note?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
