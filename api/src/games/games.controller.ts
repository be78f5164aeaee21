import { Controller, Get, Header, HttpCode, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GamePageQueryDto, SearchQueryDto } from './dto/game-query.dto.js';
import { IgdbIdPipe } from './dto/igdb-id.param.js';
import { GamesService } from './games.service.js';

@ApiTags('games')
@Controller('api/games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  @Get('search')
  @ApiOperation({ summary: 'Búsqueda de juegos (sin acentos, tolerante a erratas y al orden de palabras)' })
  search(@Query() query: SearchQueryDto) {
    return this.games.search(query.name);
  }

  @Get('all')
  @ApiOperation({ summary: 'Catálogo paginado (page empieza en 0)' })
  all(@Query() query: GamePageQueryDto) {
    return this.games.findPage(query);
  }

  @Get('best')
  best() {
    return this.games.best();
  }

  @Get('last')
  latest() {
    return this.games.latest();
  }

  @Get('upcoming')
  upcoming() {
    return this.games.upcoming();
  }

  @Get('bestGame')
  @ApiOperation({ summary: 'Juego destacado con sus críticas de medios (204 si no hay ninguno)' })
  async featured(@Res({ passthrough: true }) response: Response) {
    const featured = await this.games.featured();
    if (!featured) response.status(204);
    return featured ?? undefined;
  }

  @Get('avRating/:gameId')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Media de los jugadores (número o null)' })
  async playerAverage(@Param('gameId', IgdbIdPipe) igdbId: number) {
    return JSON.stringify(await this.games.playerAverage(igdbId));
  }

  @Get('reviews/pro/:id')
  mediaReviews(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.games.mediaReviews(igdbId);
  }

  @Get('reviews/users/:id')
  userReviews(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.games.userReviews(igdbId);
  }

  @Get(':id')
  @HttpCode(200)
  detail(@Param('id', IgdbIdPipe) igdbId: number) {
    return this.games.detail(igdbId);
  }
}
