import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { FiledReviewReport } from '@veredicto/contract';
import { ReviewReport, ReviewVote, UserReview } from '@veredicto/db';
import type { ReportDto } from './dto/review-feedback.dto.js';

const REVIEW_NOT_FOUND = 'Crítica no encontrada';
export const OWN_REVIEW_VOTE_MESSAGE = 'No puedes valorar tu propia crítica.';
export const OWN_REVIEW_REPORT_MESSAGE = 'No puedes denunciar tu propia crítica.';
export const REPORT_RECEIVED_MESSAGE = 'Gracias: revisaremos la denuncia.';
export const ALREADY_REPORTED_MESSAGE =
  'Ya has denunciado esta crítica; la revisaremos. No hace falta que la denuncies otra vez.';

/** What readers say of other users' reviews: helpful votes and reports (docs/CONTRACT.md §14). */
@Injectable()
export class ReviewFeedbackService {
  constructor(private readonly em: EntityManager) {}

  /** The review's author; 404 for a review readers cannot see, 403 when it is the reader's own. */
  private async othersReview(userId: number, reviewId: number, ownMessage: string): Promise<void> {
    const author = await this.em.getRepository(UserReview).findVisibleAuthor(reviewId);
    if (author === null) throw new NotFoundException(REVIEW_NOT_FOUND);
    if (author === userId) throw new ForbiddenException(ownMessage);
  }

  async vote(userId: number, reviewId: number, helpful: boolean): Promise<void> {
    await this.othersReview(userId, reviewId, OWN_REVIEW_VOTE_MESSAGE);
    await this.em.getRepository(ReviewVote).cast(reviewId, userId, helpful);
  }

  async withdrawVote(userId: number, reviewId: number): Promise<void> {
    await this.othersReview(userId, reviewId, OWN_REVIEW_VOTE_MESSAGE);
    await this.em.getRepository(ReviewVote).withdraw(reviewId, userId);
  }

  async report(userId: number, reviewId: number, dto: ReportDto): Promise<FiledReviewReport> {
    await this.othersReview(userId, reviewId, OWN_REVIEW_REPORT_MESSAGE);
    const id = await this.em
      .getRepository(ReviewReport)
      .file(reviewId, userId, dto.reason, dto.note ? dto.note : null);
    if (id === null) throw new ConflictException(ALREADY_REPORTED_MESSAGE);
    return { id, message: REPORT_RECEIVED_MESSAGE };
  }
}
