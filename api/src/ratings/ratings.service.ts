import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Game, Rating } from '../../../libs/db/src/index.js';
import { INVALID_TOKEN_MESSAGE } from '../auth/auth.guard.js';
import { AverageRecalculationService } from './average-recalculation.service.js';
import type { RateGameDto } from './dto/rate-game.dto.js';

export const NOT_RELEASED_MESSAGE =
  'Este juego aún no ha salido: podrás puntuarlo a partir de su fecha de lanzamiento.';

export interface PlayerAverageAnswer {
  avUserRatings: number | null;
  userRatingCount: number;
}

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

  /** The game's id when players may score it (from its release date); 409 before, 404 when missing. */
  async findRateableGameId(igdbId: number): Promise<number> {
    const key = await this.em.getRepository(Game).findRatingKey(igdbId);
    if (!key) throw new NotFoundException('Juego no encontrado');
    if (!key.released) throw new ConflictException(NOT_RELEASED_MESSAGE);
    return key.id;
  }

  /** Sets or replaces the user's score and answers the player average once the worker has counted it. */
  async rate(userId: number, dto: RateGameDto): Promise<PlayerAverageAnswer> {
    const gameId = await this.findRateableGameId(dto.gameId);
    return this.storeAndRecalculate(gameId, () => this.setScore(userId, gameId, dto.score));
  }

  /** Withdraws the user's score (nothing to withdraw is no error) and answers the recalculated average. */
  async withdraw(userId: number, igdbId: number): Promise<PlayerAverageAnswer> {
    const gameId = await this.findGameId(igdbId);
    return this.storeAndRecalculate(gameId, async () => {
      await this.em.getRepository(Rating).deleteScore(userId, gameId);
    });
  }

  /** The user's own score for the game, or null. */
  async findOwn(userId: number, igdbId: number): Promise<{ score: number } | null> {
    const gameId = await this.findGameId(igdbId);
    const score = await this.em.getRepository(Rating).findScore(userId, gameId);
    return score === null ? null : { score };
  }

  /**
   * The one write path of a player's score: store the change, then let the worker recalculate from the
   * source rows and wait (bounded) until the stored average includes it.
   */
  private async storeAndRecalculate(
    gameId: number,
    store: () => Promise<void>,
  ): Promise<PlayerAverageAnswer> {
    await store();
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
