import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { GameListRepository } from './game-list.repository.js';

// The reserved list names are the contract's (the front shows them too).
export { RESERVED_LIST_NAMES, WISHLIST_NAME } from '@veredicto/contract';

@Entity({ tableName: 'game_lists', repository: () => GameListRepository })
@Unique({ name: 'game_lists_user_name_unique', properties: ['user', 'nameKey'] })
export class GameList {
  [EntityRepositoryType]?: GameListRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ length: 60 })
  name!: string;

  /** Lower-cased name: one user cannot have 'Rpg' and 'RPG'. */
  @Property({ length: 60 })
  nameKey!: string;

  @Property({ default: false })
  reserved: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
