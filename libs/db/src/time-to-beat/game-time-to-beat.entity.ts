import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';

/**
 * IGDB's `game_time_to_beats` for one game (docs/CONTRACT.md §19), as IGDB gives them: seconds to the credits
 * (hastily), with some extras (normally) and to 100 % (completely), from `count` submissions. Written by the
 * workers' IGDB import only.
 */
@Entity({ tableName: 'game_time_to_beats' })
export class GameTimeToBeat {
  @ManyToOne(() => Game, { primary: true, deleteRule: 'cascade' })
  game!: Game;

  /** Where the figures come from: 'igdb' (the one source that states them). */
  @PrimaryKey({ length: 10 })
  source: string = 'igdb';

  @Property({ type: 'integer', nullable: true })
  hastily?: number | null;

  @Property({ type: 'integer', nullable: true })
  normally?: number | null;

  @Property({ type: 'integer', nullable: true })
  completely?: number | null;

  @Property({ type: 'integer', default: 0 })
  count: number = 0;

  /** The source's own date of the figures (IGDB's updated_at). */
  @Property({ type: 'timestamptz', nullable: true })
  sourceUpdatedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fetchedAt: Date = new Date();
}
