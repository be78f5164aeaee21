import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { UserReview } from '@veredicto/db';
import { presentUserReview } from '../games/game.presenter.js';
import { AverageRecalculationService } from '../ratings/average-recalculation.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import type { CreateReviewDto, UpdateReviewDto } from './dto/review.dto.js';

// Another user's review answers the same as a missing one: never reveal it exists.
const REVIEW_NOT_FOUND = 'Crítica no encontrada';
export const REVIEW_CREATED_MESSAGE = 'Crítica agregada con éxito.';
export const REVIEW_UPDATED_MESSAGE = 'Has actualizado tu crítica.';

@Injectable()
export class ReviewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly ratings: RatingsService,
    private readonly averages: AverageRecalculationService,
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
    await this.averages.storeThenRecalculate(gameId, async (tx) => {
      ({ created } = await tx
        .getRepository(UserReview)
        .saveForUser(userId, gameId, dto.review, dto.spoiler ?? false));
      await this.ratings.setScore(tx, userId, gameId, dto.rating);
    });
    return created ? REVIEW_CREATED_MESSAGE : REVIEW_UPDATED_MESSAGE;
  }

  async findOwn(userId: number) {
    return (await this.reviews.findForUser(userId)).map(presentUserReview);
  }

  /** decisions.md section 16: the caller's review of the game, or null (204) when there is none. */
  async findOwnForGame(userId: number, igdbId: number) {
    await this.ratings.findGameId(igdbId);
    const row = await this.reviews.findOwnForGame(userId, igdbId);
    return row ? presentUserReview(row) : null;
  }

  countOwn(userId: number): Promise<number> {
    return this.reviews.countForUser(userId);
  }

  async edit(userId: number, reviewId: number, dto: UpdateReviewDto) {
    if (!(await this.reviews.updateContentOwned(userId, reviewId, dto.content, dto.spoiler))) {
      throw new NotFoundException(REVIEW_NOT_FOUND);
    }
    const row = await this.reviews.findOneRow(reviewId);
    if (!row) throw new NotFoundException(REVIEW_NOT_FOUND);
    return presentUserReview(row);
  }

  async remove(userId: number, reviewId: number): Promise<void> {
    if (!(await this.reviews.deleteOwned(userId, reviewId))) throw new NotFoundException(REVIEW_NOT_FOUND);
  }
}
