import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A game removed from games, with a version of games' search_version sequence (trigger games_removed,
 * migration CatalogueMemory): what an API process holds in memory of the catalogue (CatalogueMemory)
 * drops it when it reads the changes above the version it has, as it reads the changed games.
 */
@Entity({ tableName: 'removed_games' })
export class RemovedGame {
  @PrimaryKey({ autoincrement: false })
  gameId!: number;

  @Property({ type: 'bigint' })
  @Index({ name: 'removed_games_version_idx' })
  version!: string;
}
