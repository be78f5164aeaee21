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

  /**
   * Sets or replaces the user's score (idempotent: the same request twice leaves one row) and answers the
   * player average once the worker has counted it.
   */
  async rate(userId: number, dto: RateGameDto) {
    const gameId = await this.findGameId(dto.gameId);
    const average = await this.averages.storeThenRecalculate(gameId, (tx) =>
      this.setScore(tx, userId, gameId, dto.score),
    );
    if (!average) throw new NotFoundException('Juego no encontrado');
    return average;
  }

  async setScore(em: EntityManager, userId: number, gameId: number, score: number): Promise<void> {
    try {
      await em.getRepository(Rating).saveScore(userId, gameId, score);
    } catch (error) {
      // The account was deleted between the token check and the write.
      if (error instanceof ForeignKeyConstraintViolationException)
        throw new UnauthorizedException(INVALID_TOKEN_MESSAGE);
      throw error;
    }
  }
}
