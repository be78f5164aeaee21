import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Game, Rating } from '@veredicto/db';
import { INVALID_TOKEN_MESSAGE } from '../auth/auth.guard.js';
import { AverageRecalculationService } from './average-recalculation.service.js';
import type { RateGameDto } from './dto/rate-game.dto.js';

@Injectable()
export class RatingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly averages: AverageRecalculationService,
  ) {}

  async findGameId(igdbId: number): Promise<number> {
    const game = await this.em.findOne(Game, { igdbId }, { fields: ['id'] });
    if (!game) throw new NotFoundException('Juego no encontrado');
    return game.id;
  }

  /** Sets or replaces the user's score and answers the player average once the worker has counted it. */
  async rate(userId: number, dto: RateGameDto) {
    const gameId = await this.findGameId(dto.gameId);
    await this.setScore(userId, gameId, dto.score);
    const committedAt = await this.averages.committedAt();
    await this.averages.recalculateAndWait(gameId, committedAt);
    const row = await this.em.getRepository(Rating).findPlayerAverage(gameId);
    if (!row) throw new NotFoundException('Juego no encontrado');
    return { avUserRatings: row.avUserRatings, userRatingCount: row.userRatingCount };
  }

  async setScore(userId: number, gameId: number, score: number): Promise<void> {
    try {
      await this.em.getRepository(Rating).saveScore(userId, gameId, score);
    } catch (error) {
      // The account was deleted between the token check and the write.
      if (error instanceof ForeignKeyConstraintViolationException)
        throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
      throw error;
    }
  }
}
