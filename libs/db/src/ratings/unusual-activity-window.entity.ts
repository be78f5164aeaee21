import { EntityRepositoryType } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { UnusualEvidence } from '@veredicto/contract';
import { Game } from '../games/game.entity.js';
import { UnusualActivityRepository } from './unusual-activity.repository.js';

export const WINDOW_STATUSES = ['flagged', 'dismissed'] as const;
export type WindowStatus = (typeof WINDOW_STATUSES)[number];

/**
 * A window of unusual rating activity on a game, found by the detector (docs/CONTRACT.md §14): while
 * flagged, the ratings of suspicious accounts inside it (Rating.excludedBy) are left out of the average;
 * an operator's dismissal brings them back, and the detector never flags the same days again.
 */
@Entity({ tableName: 'unusual_activity_windows', repository: () => UnusualActivityRepository })
@Check({ name: 'unusual_activity_windows_status_known', expression: "status in ('flagged', 'dismissed')" })
@Index({ name: 'unusual_activity_windows_status_idx', properties: ['status', 'detectedAt'] })
export class UnusualActivityWindow {
  [EntityRepositoryType]?: UnusualActivityRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => Game, { deleteRule: 'cascade' })
  @Index({ name: 'unusual_activity_windows_game_idx' })
  game!: Game;

  /** First and last UTC day of the window. */
  @Property({ type: 'string', columnType: 'date' })
  fromDay!: string;

  @Property({ type: 'string', columnType: 'date' })
  toDay!: string;

  /** Ratings given in the window, and those of them excluded from the average (at the last run). */
  @Property({ type: 'integer' })
  ratingCount!: number;

  @Property({ type: 'integer', default: 0 })
  excludedCount: number = 0;

  @Property({ type: 'text', default: 'flagged' })
  status: WindowStatus = 'flagged';

  /** The detector's figures: why it was flagged. */
  @Property({ type: 'jsonb' })
  evidence!: UnusualEvidence;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  detectedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  dismissedAt: Date | null = null;
}
