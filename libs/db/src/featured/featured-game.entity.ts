import { Check, Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';

/** The one featured "best game" of the home page (a single row, id 1). */
@Entity({ tableName: 'featured_game' })
@Check({ name: 'featured_game_single_row', expression: 'id = 1' })
export class FeaturedGame {
  @PrimaryKey({ autoincrement: false })
  id: number = 1;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ type: 'text', nullable: true })
  imageArt?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
