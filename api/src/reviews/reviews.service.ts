import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { UserReview } from '@veredicto/db';
import { presentUserReview } from '../games/game.presenter.js';
import { AverageRecalculationService } from '../ratings/average-recalculation.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import type { CreateReviewDto, UpdateReviewDto } from './dto/review.dto.js';

// Another user's review answers the same as a missing one: never reveal it exists.
const REVIEW_NOT_FOUND = 'Crítica no encontrada';

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

  /** One review per user and game (publishing again replaces it); its score becomes the user's rating. */
  async publish(userId: number, dto: CreateReviewDto): Promise<string> {
    const gameId = await this.ratings.findGameId(dto.gameId);
    await this.averages.storeThenRecalculate(gameId, async (tx) => {
      await tx.getRepository(UserReview).saveForUser(userId, gameId, dto.review);
      await this.ratings.setScore(tx, userId, gameId, dto.rating);
    });
    return 'Crítica agregada con éxito.';
  }

  async findOwn(userId: number) {
    return (await this.reviews.findForUser(userId)).map(presentUserReview);
  }

  countOwn(userId: number): Promise<number> {
    return this.reviews.countForUser(userId);
  }

  async edit(userId: number, reviewId: number, dto: UpdateReviewDto) {
    if (!(await this.reviews.updateContentOwned(userId, reviewId, dto.content))) {
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
