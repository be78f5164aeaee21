import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { UserReview, type UserReviewRepository } from '@veredicto/db';
import { type DomainEvent, OutboxRelay, type RecordedEvents } from '@veredicto/jobs';
import { presentUserReview } from '../games/game.presenter.js';
import { AverageRecalculationService } from '../ratings/average-recalculation.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import type { CreateReviewDto, UpdateReviewDto } from './dto/review.dto.js';

// Another user's review answers the same as a missing one: never reveal it exists.
const REVIEW_NOT_FOUND = 'Crítica no encontrada';
export const REVIEW_CREATED_MESSAGE = 'Crítica agregada con éxito.';
export const REVIEW_UPDATED_MESSAGE = 'Has actualizado tu crítica.';

const reviewChanged = (igdbId: number, reviewId?: number): DomainEvent => ({
  name: 'review.changed',
  igdbId,
  kind: 'user',
  ...(reviewId === undefined ? {} : { reviewId }),
});

@Injectable()
export class ReviewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ratings: RatingsService,
    private readonly averages: AverageRecalculationService,
    private readonly outbox: OutboxRelay,
  ) {}

  private get reviews() {
    return this.em.getRepository(UserReview);
  }

  /**
   * One review per user and game (publishing again replaces it and says so); its score becomes the
   * user's rating, so like a rating it opens on the release date.
   */
  async publish(userId: number, dto: CreateReviewDto): Promise<string> {
    const gameId = await this.ratings.findRateableGameId(dto.gameId);
    let created = false;
    let recorded: RecordedEvents | undefined;
    await this.averages.storeThenRecalculate(gameId, async (tx) => {
      ({ created } = await tx
        .getRepository(UserReview)
        .saveForUser(userId, gameId, dto.review, dto.spoiler ?? false));
      await this.ratings.setScore(tx, userId, gameId, dto.rating);
      recorded = await this.outbox.recordEvents(tx, [reviewChanged(dto.gameId)]);
    });
    if (recorded) await this.outbox.publishRecorded(recorded);
    return created ? REVIEW_CREATED_MESSAGE : REVIEW_UPDATED_MESSAGE;
  }

  async findOwn(userId: number) {
    return (await this.reviews.findForUser(userId)).map((row) => ({
      ...presentUserReview(row),
      hidden: row.hidden,
    }));
  }

  /** docs/CONTRACT.md §16: the caller's review of the game, or null (204) when there is none. */
  async findOwnForGame(userId: number, igdbId: number) {
    await this.ratings.findGameId(igdbId);
    const row = await this.reviews.findOwnForGame(userId, igdbId);
    return row ? presentUserReview(row) : null;
  }

  countOwn(userId: number): Promise<number> {
    return this.reviews.countForUser(userId);
  }

  async edit(userId: number, reviewId: number, dto: UpdateReviewDto) {
    const row = await this.changeOwned(reviewId, (reviews) =>
      reviews.updateContentOwned(userId, reviewId, dto.content, dto.spoiler),
    );
    const updated = await this.reviews.findOneRow(row.id);
    if (!updated) throw new NotFoundException(REVIEW_NOT_FOUND);
    return presentUserReview(updated);
  }

  async remove(userId: number, reviewId: number): Promise<void> {
    await this.changeOwned(reviewId, (reviews) => reviews.deleteOwned(userId, reviewId));
  }

  /** A change of one's own review and its review.changed event, in one transaction; 404 if not one's own. */
  private async changeOwned(reviewId: number, change: (reviews: UserReviewRepository) => Promise<boolean>) {
    const row = await this.reviews.findOneRow(reviewId);
    if (!row) throw new NotFoundException(REVIEW_NOT_FOUND);
    const recorded = await this.em.transactional(async (tx) => {
      if (!(await change(tx.getRepository(UserReview)))) throw new NotFoundException(REVIEW_NOT_FOUND);
      return this.outbox.recordEvents(tx, [reviewChanged(row.gameIgdbId, reviewId)]);
    });
    await this.outbox.publishRecorded(recorded);
    return row;
  }
}
