import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ReleaseDatePrecision } from '../games/game.entity.js';
import { GameChangeRepository } from './game-change.repository.js';

/** The facts of a game that alerts follow: release date, its precision, platforms (display names). */
export interface GameFacts {
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  platforms: string[];
}

export type GameFact = keyof GameFacts;

/** Who changed a game's facts: the IGDB import or the operator's panel. */
export type GameChangeAuthor = 'igdb' | 'operador';

/**
 * One change of a game's facts (docs/CONTRACT.md §11): what changed, the facts before and after, when and
 * by whom. Written in the transaction of the change with its `game.facts-changed` event: the only source of
 * date, platform and release alerts.
 */
@Entity({ tableName: 'game_changes', repository: () => GameChangeRepository })
@Index({ name: 'game_changes_game_idx', properties: ['gameIgdbId', 'changedAt'] })
export class GameChange {
  [EntityRepositoryType]?: GameChangeRepository;

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property()
  gameIgdbId!: number;

  /** The facts that changed, in the order of GameFacts. */
  @Property({ type: 'text[]' })
  what!: GameFact[];

  @Property({ type: 'json' })
  before!: Partial<GameFacts>;

  @Property({ type: 'json' })
  after!: Partial<GameFacts>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  changedAt!: Date;

  @Property({ type: 'string', length: 20 })
  changedBy!: GameChangeAuthor;
}
