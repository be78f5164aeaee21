import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { OwnRating, PlayerAverage } from '@veredicto/contract';
import { Game, Rating } from '@veredicto/db';
import { INVALID_TOKEN_MESSAGE } from '../auth/auth.guard.js';
import { findGameOr404, orGameNotFound } from '../games/game-lookup.js';
import { AverageRecalculationService } from './average-recalculation.service.js';
import type { RateGameDto } from './dto/rate-game.dto.js';

export const NOT_RELEASED_MESSAGE =
  'Este juego aún no ha salido: podrás puntuarlo a partir de su fecha de lanzamiento.';

@Injectable()
export class RatingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly averages: AverageRecalculationService,
  ) {}

  async findGameId(igdbId: number): Promise<number> {
    return (await findGameOr404(this.em, igdbId)).id;
  }

  /** The game's id when players may score it (from its release date); 409 before, 404 when missing. */
  async findRateableGameId(igdbId: number): Promise<number> {
    const key = orGameNotFound(await this.em.getRepository(Game).findRatingKey(igdbId));
    if (!key.released) throw new ConflictException(NOT_RELEASED_MESSAGE);
    return key.id;
  }

  /**
   * Sets or replaces the user's score (idempotent: the same request twice leaves one row) and answers the
   * player average counting it, from the game's ratings (the worker stores it a moment later).
   */
  async rate(userId: number, dto: RateGameDto): Promise<PlayerAverage> {
    const gameId = await this.findRateableGameId(dto.gameId);
    return this.storeThenRecalculate(gameId, (tx) => this.setScore(tx, userId, gameId, dto.score));
  }

  /**
   * Withdraws the user's score (nothing to withdraw is no error) through the same path as rating: store,
   * then the worker recalculates from the source rows; answers the average without it.
   */
  async withdraw(userId: number, igdbId: number): Promise<PlayerAverage> {
    const gameId = await this.findGameId(igdbId);
    return this.storeThenRecalculate(gameId, async (tx) => {
      await tx.getRepository(Rating).deleteScore(userId, gameId);
    });
  }

  /** The user's own score for the game, or null. */
  async findOwn(userId: number, igdbId: number): Promise<OwnRating | null> {
    const gameId = await this.findGameId(igdbId);
    const score = await this.em.getRepository(Rating).findScore(userId, gameId);
    return score === null ? null : { score };
  }

  private async storeThenRecalculate(
    gameId: number,
    write: (tx: EntityManager) => Promise<void>,
  ): Promise<PlayerAverage> {
    return orGameNotFound(await this.averages.storeThenRecalculate(gameId, write));
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
