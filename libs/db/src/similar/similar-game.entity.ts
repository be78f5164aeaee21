import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';

/**
 * One of a game's similar games (section 15), with its rank, score and the Spanish reason shown beside it.
 * Written by the similar-games job only, never on a request.
 */
@Entity({ tableName: 'similar_games' })
@Unique({ name: 'similar_games_game_similar_unique', properties: ['game', 'similar'] })
export class SimilarGame {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'similar_games_game_idx' })
  game!: Game;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  similar!: Game;

  @Property({ type: 'smallint' })
  rank!: number;

  @Property({ type: 'double' })
  score!: number;

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  computedAt: Date = new Date();
}
