import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import type { DiscoveryOrigin } from '@veredicto/contract';
import { ReviewDiscoveryRepository } from './review-discovery.repository.js';
export type DiscoveryOutcome = 'added' | 'refused';

/**
 * A page the discovery job looked at for a game's critic reviews (docs/CONTRACT.md §4): added as a
 * source, or refused with its reason (not found, robots.txt, another game, no review). The admin shows them.
 */
@Entity({ tableName: 'review_discoveries', repository: () => ReviewDiscoveryRepository })
@Unique({ name: 'review_discoveries_game_url_unique', properties: ['game', 'url'] })
export class ReviewDiscovery {
  [EntityRepositoryType]?: ReviewDiscoveryRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ type: 'text' })
  url!: string;

  @Property({ length: 20 })
  origin!: DiscoveryOrigin;

  @Property({ length: 20 })
  outcome!: DiscoveryOutcome;

  /** Why the page was refused (Spanish); null when it was added. */
  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  /** The critic reviews the page held when it was last looked at. */
  @Property({ type: 'integer', default: 0 })
  reviewCount: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  @Index({ name: 'review_discoveries_checked_idx' })
  checkedAt: Date = new Date();
}
