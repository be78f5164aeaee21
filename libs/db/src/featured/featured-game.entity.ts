import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { FeaturedGameRepository } from './featured-game.repository.js';

/** The one featured "best game" of the home page (a single row, id 1). */
@Entity({ tableName: 'featured_game', repository: () => FeaturedGameRepository })
@Check({ name: 'featured_game_single_row', expression: 'id = 1' })
export class FeaturedGame {
  [EntityRepositoryType]?: FeaturedGameRepository;

  @PrimaryKey({ autoincrement: false })
  id: number = 1;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ type: 'text', nullable: true })
  imageArt?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
