import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { NoContentWhenAbsent } from '../common/no-content-when-absent.interceptor.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { IdempotentWrite } from '../common/unavailable.js';
import { OwnRatingResponse, PlayerAverageResponse, RateGameDto } from './dto/rate-game.dto.js';
import { RatingsService } from './ratings.service.js';

@ApiTags('ratings')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @LimitUserWrites()
  @IdempotentWrite()
  @Post('rating')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Puntúa un juego (0-100) o cambia la puntuación; responde la media de jugadores ya recalculada',
    description:
      'Solo desde la fecha de lanzamiento del juego (antes, 409). Una puntuación por usuario y juego.',
  })
  @ApiOkResponse({ type: PlayerAverageResponse })
  @ApiConflictResponse({ type: ErrorResponse, description: 'El juego aún no ha salido' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  rate(@CurrentUser() user: AuthUser, @Body() dto: RateGameDto) {
    return this.ratings.rate(user.id, dto);
  }

  @Get('rating/:gameId')
  @ApiOperation({ summary: 'La puntuación propia del juego (204 si no lo has puntuado)' })
  @ApiOkResponse({ type: OwnRatingResponse })
  @NoContentWhenAbsent('Sin puntuación propia')
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  findOwn(@CurrentUser() user: AuthUser, @Param('gameId', IgdbIdPipe) igdbId: number) {
    return this.ratings.findOwn(user.id, igdbId);
  }

  @LimitUserWrites()
  @IdempotentWrite()
  @Delete('rating/:gameId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Retira la puntuación propia; responde la media de jugadores ya recalculada sin ella',
    description: 'Retirar una puntuación que no existe no es un error. Las críticas escritas se mantienen.',
  })
  @ApiOkResponse({ type: PlayerAverageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  withdraw(@CurrentUser() user: AuthUser, @Param('gameId', IgdbIdPipe) igdbId: number) {
    return this.ratings.withdraw(user.id, igdbId);
  }
}
