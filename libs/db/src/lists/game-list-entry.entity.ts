import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { GameList } from './game-list.entity.js';

@Entity({ tableName: 'game_list_entries' })
@Unique({ name: 'game_list_entries_list_game_unique', properties: ['list', 'game'] })
export class GameListEntry {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => GameList, { deleteRule: 'cascade' })
  list!: GameList;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'game_list_entries_game_idx' })
  game!: Game;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  addedAt: Date = new Date();
}
