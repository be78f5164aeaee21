import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { NoContentWhenAbsent } from '../common/no-content-when-absent.interceptor.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import {
  AddPlaySessionDto,
  GameStatusResponse,
  MyGamesQueryDto,
  PlayEstimateResponse,
  PlaySessionResponse,
  SetGameStatusDto,
} from './dto/game-status.dto.js';
import { GameDiaryService } from './game-diary.service.js';

@ApiTags('diary')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user/games')
export class GameDiaryController {
  constructor(private readonly diary: GameDiaryService) {}

  @Get()
  @ApiOperation({ summary: "'Mis juegos': tus estados, del cambio más reciente al más antiguo" })
  @ApiOkResponse({ type: [GameStatusResponse] })
  myGames(@CurrentUser() user: AuthUser, @Query() query: MyGamesQueryDto) {
    return this.diary.myGames(user.id, query);
  }

  @LimitUserWrites()
  @Put(':igdbID/status')
  @ApiOperation({ summary: 'Pone o cambia tu estado del juego (Quiero jugarlo, Jugando, Completado…)' })
  @ApiOkResponse({ type: GameStatusResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  setStatus(
    @CurrentUser() user: AuthUser,
    @Param('igdbID', IgdbIdPipe) igdbId: number,
    @Body() dto: SetGameStatusDto,
  ) {
    return this.diary.setStatus(user.id, igdbId, dto);
  }

  @Get(':igdbID/status')
  @ApiOperation({ summary: 'Tu estado del juego (204 si no tiene)' })
  @ApiOkResponse({ type: GameStatusResponse })
  @NoContentWhenAbsent('Sin estado')
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  findStatus(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.diary.findStatus(user.id, igdbId);
  }

  @LimitUserWrites()
  @Delete(':igdbID/status')
  @HttpCode(204)
  @ApiOperation({ summary: 'Quita tu estado del juego (las sesiones se conservan)' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  removeStatus(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.diary.removeStatus(user.id, igdbId);
  }

  @Get(':igdbID/estimate')
  @ApiOperation({
    summary: "Cuánto te durará: 'Para ti: ~N h' a tu ritmo y, si lo estás jugando, 'Te quedan ~N h'",
  })
  @ApiOkResponse({ type: PlayEstimateResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  estimate(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.diary.estimate(user.id, igdbId);
  }

  @LimitUserWrites()
  @Post(':igdbID/sessions')
  @ApiOperation({ summary: 'Registra una sesión de juego (fecha, minutos, plataforma, nota)' })
  @ApiCreatedResponse({ type: PlaySessionResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  addSession(
    @CurrentUser() user: AuthUser,
    @Param('igdbID', IgdbIdPipe) igdbId: number,
    @Body() dto: AddPlaySessionDto,
  ) {
    return this.diary.addSession(user.id, igdbId, dto);
  }

  @Get(':igdbID/sessions')
  @ApiOperation({ summary: 'Tus sesiones del juego, de la más reciente a la más antigua' })
  @ApiOkResponse({ type: [PlaySessionResponse] })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  listSessions(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.diary.listSessions(user.id, igdbId);
  }

  @LimitUserWrites()
  @Delete(':igdbID/sessions/:sessionId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Borra una de tus sesiones del juego' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego o sesión no encontrados' })
  removeSession(
    @CurrentUser() user: AuthUser,
    @Param('igdbID', IgdbIdPipe) igdbId: number,
    @Param('sessionId', new PositiveIdPipe('El identificador de la sesión no es válido')) sessionId: number,
  ) {
    return this.diary.removeSession(user.id, igdbId, sessionId);
  }
}
