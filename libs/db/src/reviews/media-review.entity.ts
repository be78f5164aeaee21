import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Game } from '../games/game.entity.js';
import { MediaReviewRepository } from './media-review.repository.js';
import { ScraperSource } from '../scrapers/scraper-source.entity.js';

/** A professional (media) review of a game, imported from the seed data or scraped from a page. */
@Entity({ tableName: 'media_reviews', repository: () => MediaReviewRepository })
@Unique({ name: 'media_reviews_game_dedupe_unique', properties: ['game', 'dedupeKey'] })
// An outlet's reviews in its page's order, with what the page shows of them (outlet-page-queries.ts).
@Index({
  name: 'media_reviews_outlet_published_idx',
  expression:
    'create index "media_reviews_outlet_published_idx" on "media_reviews" ("outlet", "published_at" desc nulls last, "id" desc) include ("game_id", "rating")',
})
export class MediaReview {
  [EntityRepositoryType]?: MediaReviewRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'media_reviews_game_idx' })
  game!: Game;

  /** The outlet's name: the key of its registry row (outlets.name). */
  @Property({ length: 200 })
  outlet!: string;

  @Property({ type: 'text', nullable: true })
  logo?: string | null;

  @Property({ length: 200, nullable: true })
  author?: string | null;

  /** The score as published ("8,5/10", "4 estrellas", "B+"). */
  @Property({ length: 50, nullable: true })
  rawScore?: string | null;

  @Property({ length: 30, nullable: true })
  scale?: string | null;

  /** Normalised 0-100; null when the review has no score (listed, not averaged). */
  @Property({ type: 'smallint', nullable: true })
  rating?: number | null;

  @Property({ type: 'text', nullable: true })
  snippet?: string | null;

  @Property({ type: 'text', nullable: true })
  link?: string | null;

  @Property({ length: 50, nullable: true })
  platform?: string | null;

  @Property({ type: 'string', columnType: 'date', nullable: true })
  publishedAt?: string | null;

  /** Identity of the review within its game, so re-imports and re-scrapes update instead of duplicating. */
  @Property({ length: 600 })
  dedupeKey!: string;

  @ManyToOne(() => ScraperSource, { nullable: true, deleteRule: 'set null' })
  source?: ScraperSource | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
