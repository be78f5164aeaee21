import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { ReviewReport, UserReview, type DecidedReport, type ReportAction } from '@veredicto/db';
import { MailService } from '../mail/mail.service.js';
import { reviewHiddenMail } from './review-hidden.mail.js';

export const REPORT_NOT_FOUND = 'Denuncia no encontrada o ya resuelta';

/** The moderation queue of user reviews (decisions.md section 14). */
@Injectable()
export class ReviewReportsService {
  private readonly logger = new Logger(ReviewReportsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  listOpen() {
    return this.em.getRepository(ReviewReport).findOpen();
  }

  /** Records the decision; hiding takes the review out of every list and tells its author why. */
  async decide(reportId: number, action: ReportAction, reason: string): Promise<{ action: ReportAction }> {
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

  /** The one place the moderation e-mail is sent: switches to the mail job once libs/mail exists. */
  private async tellAuthor(decided: DecidedReport, reason: string): Promise<void> {
    const message = reviewHiddenMail({
      to: decided.authorEmail,
      authorName: decided.authorName,
      gameTitle: decided.gameTitle,
      reason,
      siteName: this.config.SITE_NAME,
    });
    await this.mail
      .send(message)
      .catch((error: unknown) =>
        this.logger.error(
          `moderation e-mail for review ${decided.reviewId} failed: ${error instanceof Error ? error.message : error}`,
        ),
      );
  }
}
