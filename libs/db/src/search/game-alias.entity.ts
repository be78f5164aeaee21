import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { GameAliasRepository } from './game-alias.repository.js';
import { searchWordTriggers } from './search-word.entity.js';
import { searchVersionTriggers } from './search-version.js';

/**
 * Where an alias comes from; a title's acronyms and its name without a brand ('unbranded') are regenerated
 * whenever the game is imported again. New kinds go last: the search index numbers them in this order.
 */
export const ALIAS_KINDS = ['acronym', 'spanish', 'igdb', 'admin', 'unbranded'] as const;
export type AliasKind = (typeof ALIAS_KINDS)[number];

/**
 * Another name a game is searched by: an acronym of its title ('botw'), the title without its brand
 * ('Spider-Man 2' for "Marvel's Spider-Man 2"), its official Spanish title, an
 * IGDB alternative name or localisation, or one the operator added. `term` is the alias normalised by
 * normalizeSearchText (acronyms without spaces), the column the search looks up.
 */
@Entity({
  tableName: 'game_aliases',
  repository: () => GameAliasRepository,
  triggers: [...searchWordTriggers('game_aliases'), ...searchVersionTriggers('game_aliases')],
})
@Unique({ name: 'game_aliases_game_kind_term_unique', properties: ['game', 'kind', 'term'] })
@Index({
  name: 'game_aliases_term_trgm_idx',
  expression: 'create index "game_aliases_term_trgm_idx" on "game_aliases" using gin ("term" gin_trgm_ops)',
})
@Index({
  name: 'game_aliases_term_idx',
  expression: 'create index "game_aliases_term_idx" on "game_aliases" ("term" text_pattern_ops)',
})
export class GameAlias {
  [EntityRepositoryType]?: GameAliasRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'game_aliases_game_idx' })
  game!: Game;

  @Property({ length: 20 })
  kind!: AliasKind;

  /** As written ('Pokémon Escarlata'), for the admin. */
  @Property({ length: 300 })
  alias!: string;

  @Property({ length: 300 })
  term!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
