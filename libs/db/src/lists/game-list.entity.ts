import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { GameListRepository } from './game-list.repository.js';

/** Names of the lists every user has; 'Lo quiero' is hidden from the add-to-list dropdown. */
export const RESERVED_LIST_NAMES = ['Lo quiero', 'Deseados'] as const;
export const WISHLIST_NAME = 'Deseados';

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
