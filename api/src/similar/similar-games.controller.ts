import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { SimilarGameResponse } from './dto/similar-game.response.js';
import { SimilarGamesService } from './similar-games.service.js';

@ApiTags('games')
@Controller('api/games')
export class SimilarGamesController {
  constructor(private readonly similar: SimilarGamesService) {}

  @Get(':id/similar')
  @ApiOperation({ summary: 'Hasta 12 juegos parecidos, cada uno con el motivo (calculados por un trabajo)' })
  @ApiOkResponse({ type: [SimilarGameResponse] })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  list(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.similar.forGame(igdbId);
  }
}
