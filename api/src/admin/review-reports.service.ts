import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { ReportAction, ReviewReportDecision } from '@veredicto/contract';
import { ReviewReport, UserReview, type DecidedReport } from '@veredicto/db';
import { MailService } from '@veredicto/mail';

export const REPORT_NOT_FOUND = 'Denuncia no encontrada o ya resuelta';

/** The moderation queue of user reviews (docs/CONTRACT.md §14). */
@Injectable()
export class ReviewReportsService {
  private readonly logger = new Logger(ReviewReportsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
  ) {}

  listOpen() {
    return this.em.getRepository(ReviewReport).findOpen();
  }

  /** Records the decision; hiding takes the review out of every list and tells its author why. */
  async decide(
    reportId: number,
    action: ReportAction,
    reason: string,
  ): Promise<Pick<ReviewReportDecision, 'action'>> {
    let decided: DecidedReport | null = null;
    let hidden = false;
    await this.em.transactional(async (tx) => {
      decided = await tx.getRepository(ReviewReport).decide(reportId, action, reason);
      if (decided && action === 'hide') hidden = await tx.getRepository(UserReview).hide(decided.reviewId);
    });
    if (!decided) throw new NotFoundException(REPORT_NOT_FOUND);
    if (hidden) await this.tellAuthor(decided, reason);
    return { action };
  }

  /** The statement of reasons to the author; keyed by review so a retry never sends it twice. */
  private async tellAuthor(decided: DecidedReport, reason: string): Promise<void> {
    await this.mail
      .send(
        decided.authorEmail,
        'review-hidden',
        { username: decided.authorName, gameTitle: decided.gameTitle, reason },
        { key: `review-${decided.reviewId}` },
      )
      .catch((error: unknown) =>
        this.logger.error(
          `moderation e-mail for review ${decided.reviewId} failed: ${error instanceof Error ? error.message : error}`,
        ),
      );
  }
}
