import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';

/**
 * Our players' hours to complete one game on one platform ('' for every platform together): median and
 * quartiles of the completed statuses with hours, kept by the workers' compute-player-times job
 * (docs/CONTRACT.md §19). Rows exist from one player on; the API shows them from PLAYER_TIMES_MINIMUM.
 */
@Entity({ tableName: 'game_player_times' })
export class GamePlayerTime {
  @ManyToOne(() => Game, { primary: true, deleteRule: 'cascade' })
  game!: Game;

  @PrimaryKey({ length: 60 })
  platform!: string;

  @Property({ type: 'real' })
  median!: number;

  @Property({ type: 'real' })
  p25!: number;

  @Property({ type: 'real' })
  p75!: number;

  @Property({ type: 'integer' })
  count!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  computedAt: Date = new Date();
}
