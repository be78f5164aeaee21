import { EntityRepositoryType } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ReportAction, ReportReason } from '@veredicto/contract';
import { User } from '../users/user.entity.js';
import { ReviewReportRepository } from './review-report.repository.js';
import { UserReview } from './user-review.entity.js';

/** A reader's report of a user review, open until an administrator decides (with a written reason). */
@Entity({ tableName: 'review_reports', repository: () => ReviewReportRepository })
// One open report per reader and review (docs/CONTRACT.md §18); once decided, the reader may report again.
@Index({
  name: 'review_reports_open_unique',
  expression:
    'create unique index "review_reports_open_unique" on "review_reports" ("review_id", "reporter_id") where "decided_at" is null',
})
export class ReviewReport {
  [EntityRepositoryType]?: ReviewReportRepository;

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne(() => UserReview, { deleteRule: 'cascade' })
  @Index({ name: 'review_reports_review_idx' })
  review!: UserReview;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  reporter!: User;

  @Property({ type: 'text' })
  reason!: ReportReason;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  @Index({ name: 'review_reports_decided_idx' })
  decidedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  action: ReportAction | null = null;

  /** The administrator's written reason, sent to the author when the review is hidden (EU DSA art. 17). */
  @Property({ type: 'text', nullable: true })
  decisionReason: string | null = null;
}
