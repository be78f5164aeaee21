import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponse, GamePageResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { BestOfQueryDto } from './dto/best-of-query.dto.js';
import { BestOfListsResponse, BestOfRankResponse } from './dto/best-of-responses.dto.js';
import { BestOfService } from './best-of.service.js';

@ApiTags('games')
@ApiBadRequestResponse({ type: ErrorResponse, description: 'Parámetros no válidos' })
@Controller('api/games')
export class BestOfController {
  constructor(private readonly bestOf: BestOfService) {}

  @Get('best-of')
  @ApiOperation({
    summary:
      'Lo mejor por año, plataforma o género: juegos con media de la crítica visible, de mayor a menor (a igual media, más críticas primero)',
  })
  @ApiOkResponse({ type: GamePageResponse })
  async page(@Query() query: BestOfQueryDto, @Res() response: Response) {
    // Written as it is (a JSON body the service built), past the framework's serialisation.
    response.type('application/json; charset=utf-8').send(await this.bestOf.page(query));
  }

  @Get('best-of/lists')
  @ApiOperation({
    summary:
      'Las listas que merece la pena ofrecer: años (el más reciente primero) y plataformas con juegos suficientes con media de la crítica',
  })
  @ApiOkResponse({ type: BestOfListsResponse })
  lists() {
    return this.bestOf.offeredLists();
  }

  @Get(':id/best-of-ranks')
  @ApiOperation({ summary: 'Puestos del juego en la lista de su año y en la de cada una de sus plataformas' })
  @ApiOkResponse({ type: [BestOfRankResponse] })
  ranks(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.bestOf.ranks(igdbId);
  }
}
