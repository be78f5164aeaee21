import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../admin/admin.guard.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import {
  EnqueuedJobResponse,
  GamePricesResponse,
  PriceHistoryPointResponse,
  PriceHistoryQueryDto,
  PriceRunStatusResponse,
} from './dto/prices.dto.js';
import { PricesService } from './prices.service.js';

@ApiTags('games')
@Controller('api/games')
export class GamePricesController {
  constructor(private readonly prices: PricesService) {}

  @Get(':id/prices')
  @ApiOperation({
    summary: '¿Dónde y por cuánto? Precio actual en cada tienda, mínimo histórico y suscripciones',
  })
  @ApiOkResponse({ type: GamePricesResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  forGame(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.prices.forGame(igdbId);
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
