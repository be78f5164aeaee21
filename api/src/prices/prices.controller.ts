import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminGuard } from '../admin/admin.guard.js';
import { EncodedAnswers, sendEncoded } from '../common/encoded-answers.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import {
  EnqueuedJobResponse,
  GamePriceAlertDto,
  GamePricesResponse,
  PriceHistoryPointResponse,
  PriceHistoryQueryDto,
  PriceRunStatusResponse,
} from './dto/prices.dto.js';
import { PricesService } from './prices.service.js';

@ApiTags('games')
@Controller('api/games')
export class GamePricesController {
  constructor(
    private readonly prices: PricesService,
    private readonly answers: EncodedAnswers,
  ) {}

  @Get(':id/prices')
  @ApiOperation({
    summary: '¿Dónde y por cuánto? Precio actual en cada tienda, mínimo histórico y suscripciones',
  })
  @ApiOkResponse({ type: GamePricesResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  async forGame(@Param('id', IgdbIdPipe) igdbId: number, @Res() response: Response): Promise<void> {
    // The cached body is its own stamp: compressed once for the encoding asked, like the game's other reads.
    const body = await this.prices.forGame(igdbId);
    sendEncoded(response.req, response, this.answers, body, () => body);
  }

  @Get(':id/prices/history')
  @ApiOperation({ summary: 'Cada cambio de precio que vimos, del más antiguo (para la gráfica)' })
  @ApiOkResponse({ type: [PriceHistoryPointResponse] })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  history(@Param('id', IgdbIdPipe) igdbId: number, @Query() query: PriceHistoryQueryDto) {
    return this.prices.history(igdbId, query.store);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin/prices')
export class AdminPricesController {
  constructor(private readonly prices: PricesService) {}

  @Post('refresh')
  @HttpCode(202)
  @ApiOperation({ summary: 'Consulta ahora los precios de las tiendas (trabajo poll-prices)' })
  @ApiOkResponse({ type: EnqueuedJobResponse })
  refresh() {
    return this.prices.refresh();
  }

  @Get('status')
  @ApiOperation({ summary: 'La última consulta de precios de cada tienda' })
  @ApiOkResponse({ type: [PriceRunStatusResponse] })
  status() {
    return this.prices.status();
  }
}

@ApiTags('alerts')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user/alerts/games')
export class UserPriceAlertsController {
  constructor(private readonly prices: PricesService) {}

  @Get(':id')
  @ApiOperation({ summary: 'Tu aviso de precio de un juego ({ priceBelow: céntimos | null })' })
  @ApiOkResponse({ type: GamePriceAlertDto })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  read(@CurrentUser() user: AuthUser, @Param('id', IgdbIdPipe) igdbId: number) {
    return this.prices.alert(user.id, igdbId);
  }

  @LimitUserWrites()
  @Put(':id')
  @ApiOperation({
    summary: 'Avísame cuando baje de un precio (céntimos; null lo quita), aunque no esté en Deseados',
  })
  @ApiOkResponse({ type: GamePriceAlertDto })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  save(
    @CurrentUser() user: AuthUser,
    @Param('id', IgdbIdPipe) igdbId: number,
    @Body() dto: GamePriceAlertDto,
  ) {
    return this.prices.setAlert(user.id, igdbId, dto.priceBelow);
  }
}
