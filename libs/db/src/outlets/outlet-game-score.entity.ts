import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { Outlet } from './outlet.entity.js';
import { OutletFiguresRepository } from './outlet-figures.repository.js';

/**
 * One outlet's call on one game, against the other outlets' (section 15): its score (the mean of its
 * reviews of the game, one per platform at most), the mean of the other outlets' scores (each outlet one
 * voice) and how many they are. `difference` is set only when at least 3 other outlets scored the game:
 * the rows the deviation, its chart and the most generous and harshest calls read. Rebuilt per game by
 * the recalculation job, and in full after an import.
 */
@Entity({ tableName: 'outlet_game_scores', repository: () => OutletFiguresRepository })
@Unique({ name: 'outlet_game_scores_outlet_game_unique', properties: ['outlet', 'game'] })
@Index({ name: 'outlet_game_scores_outlet_difference_idx', properties: ['outlet', 'difference'] })
export class OutletGameScore {
  [EntityRepositoryType]?: OutletFiguresRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Outlet, { deleteRule: 'cascade' })
  outlet!: Outlet;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'outlet_game_scores_game_idx' })
  game!: Game;

  @Property({ type: 'double' })
  score!: number;

  @Property({ type: 'integer' })
  othersCount!: number;

  @Property({ type: 'double', nullable: true })
  othersMean?: number | null;

  @Property({ type: 'double', nullable: true })
  difference?: number | null;
}
