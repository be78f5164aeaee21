import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';

/**
 * A store's own id of a catalogue game (docs/CONTRACT.md §20): a Steam app id, a Microsoft Store big id
 * (store 'xbox'), a Nintendo nsuid, with where the link came from (IGDB's external games, the language
 * lists, a match) and when it was last seen. The Game Pass poll reads the Microsoft ids from here.
 */
@Entity({ tableName: 'game_store_ids' })
@Unique({ name: 'game_store_ids_game_id_store_store_id_key', properties: ['game', 'store', 'storeId'] })
export class GameStoreId {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade', foreignKeyName: 'game_store_ids_game_id_fkey' })
  game!: Game;

  @Property({ type: 'text' })
  store!: string;

  @Property({ type: 'text' })
  storeId!: string;

  @Property({ type: 'text' })
  source!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  seenAt!: Date;
}
