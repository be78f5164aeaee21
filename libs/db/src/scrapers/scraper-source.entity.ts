import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { ScraperSourceRepository } from './scraper-source.repository.js';

/** A page holding media reviews of one game, registered by the operator or the discovery job, re-scraped on schedule. */
@Entity({ tableName: 'scraper_sources', repository: () => ScraperSourceRepository })
@Unique({ name: 'scraper_sources_game_url_unique', properties: ['game', 'url'] })
export class ScraperSource {
  [EntityRepositoryType]?: ScraperSourceRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  game!: Game;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'timestamptz', nullable: true })
  lastScrapedAt?: Date | null;

  @Property({ length: 20, nullable: true })
  lastStatus?: 'ok' | 'failed' | null;

  @Property({ type: 'integer', default: 0 })
  lastReviewCount: number = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  /** Added by the discovery job: re-read while its game's reviews keep arriving, then left alone. */
  @Property({ type: 'boolean', default: false })
  discovered: boolean = false;

  /** The last read that found more reviews than the one before. */
  @Property({ type: 'timestamptz', nullable: true })
  reviewsGrewAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
