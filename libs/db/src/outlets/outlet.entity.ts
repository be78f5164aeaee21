import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OutletRepository } from './outlet.repository.js';

/**
 * The registry of review outlets: who a media review comes from. Media reviews refer to it by name
 * (the outlet as listed by the source), so a scraper never has to know the registry to store a review.
 */
@Entity({ tableName: 'outlets', repository: () => OutletRepository })
export class Outlet {
  [EntityRepositoryType]?: OutletRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 200 })
  @Unique({ name: 'outlets_name_unique' })
  name!: string;

  /** ISO 3166-1 alpha-2, null when unknown. */
  @Property({ length: 2, nullable: true })
  country?: string | null;

  /** ISO 639-1 ('es' for the Spanish-language press of Spain and Latin America), null when unknown. */
  @Property({ length: 2, nullable: true })
  language?: string | null;

  @Property({ length: 200, nullable: true })
  domain?: string | null;

  /** The outlet page's address (/medios/{slug}); given by the stats refresh to an outlet without one. */
  @Property({ length: 200, nullable: true })
  @Unique({ name: 'outlets_slug_unique' })
  slug?: string | null;

  /** Its media reviews, scored or not (refreshed with the deviation, like every figure below). */
  @Property({ type: 'integer', default: 0 })
  reviewCount: number = 0;

  /** Mean of its scored reviews (0-100), null without any. */
  @Property({ type: 'double', nullable: true })
  averageScore?: number | null;

  /**
   * Deviation from the consensus over the games it scored that have at least 3 other outlets' scores
   * (outlet_game_scores): their count, mean and sample standard deviation (the 95 % interval is derived).
   */
  @Property({ type: 'integer', default: 0 })
  deviationGames: number = 0;

  @Property({ type: 'double', nullable: true })
  deviationMean?: number | null;

  @Property({ type: 'double', nullable: true })
  deviationStdev?: number | null;

  /**
   * The outlet's own median score across the catalogue: a review at or above it "recommends" the game
   * (OpenCritic's rule). Refreshed by the recalculation jobs.
   */
  @Property({ type: 'smallint', nullable: true })
  medianScore?: number | null;

  /** When medianScore was last computed: newer reviews of the outlet make it stale. */
  @Property({ type: 'timestamptz', nullable: true })
  medianComputedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
