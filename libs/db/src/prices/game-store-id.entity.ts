import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { PriceStore } from '@veredicto/contract';
import { Game } from '../games/game.entity.js';
import { GameStoreIdRepository } from './game-store-id.repository.js';

/**
 * Where a store id came from: IGDB's external games (Steam app ids, Microsoft Store ids) or our own match of
 * title and release date against the store's catalogue (Nintendo's nsuids).
 */
export const GAME_STORE_ID_SOURCES = ['igdb', 'matched'] as const;
export type GameStoreIdSource = (typeof GAME_STORE_ID_SOURCES)[number];

/**
 * One store's id of a catalogue game (docs/CONTRACT.md §20): a Steam app id, a Microsoft Store product id
 * (store 'xbox'), a Nintendo eShop nsuid. A game may have several ids in one store (editions); the price poll
 * reads them from here. The constraint names are PostgreSQL's own, as the table's plain SQL creates them.
 */
@Entity({ tableName: 'game_store_ids', repository: () => GameStoreIdRepository })
@Unique({ name: 'game_store_ids_game_id_store_store_id_key', properties: ['game', 'store', 'storeId'] })
export class GameStoreId {
  [EntityRepositoryType]?: GameStoreIdRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade', foreignKeyName: 'game_store_ids_game_id_fkey' })
  game!: Game;

  @Property({ type: 'text' })
  store!: PriceStore;

  @Property({ type: 'text' })
  storeId!: string;

  @Property({ type: 'text' })
  source!: GameStoreIdSource;

  /** When the source last named this id. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  seenAt: Date = new Date();
}
