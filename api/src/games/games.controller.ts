import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { SEARCH_HEADERS } from '@veredicto/contract';
import { GamePageQueryDto, SearchQueryDto, SuggestQueryDto } from './dto/game-query.dto.js';
import {
  ErrorResponse,
  FeaturedGameResponse,
  GameDetailResponse,
  GamePageResponse,
  GameSuggestionResponse,
  GameSummaryResponse,
  MediaReviewResponse,
  PlayerTimelineWeekResponse,
  UserReviewResponse,
} from './dto/game-responses.dto.js';
import { IgdbIdPipe } from './dto/igdb-id.param.js';
import { UserReviewsQueryDto } from './dto/user-reviews-query.dto.js';
import { EncodedAnswers, sendEncoded } from '../common/encoded-answers.js';
import { NoContentWhenAbsent } from '../common/no-content-when-absent.interceptor.js';
import { GamesService, searchHeaders, type JsonBody } from './games.service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

@ApiTags('games')
@ApiBadRequestResponse({ type: ErrorResponse, description: 'Parámetros no válidos' })
@Controller('api/games')
export class GamesController {
  constructor(
    private readonly games: GamesService,
    private readonly answers: EncodedAnswers,
  ) {}

  /**
   * Cached reads arrive already serialised (JsonBody) and are written as they are, in the encoding asked
   * for: compressed once per cached body (EncodedAnswers), the body itself being its stamp.
   */
  private async sendJson(response: Response, body: Promise<JsonBody>): Promise<void> {
    const json = await body;
    sendEncoded(response.req, response, this.answers, json, () => json);
  }

  @Get('search')
  @ApiOperation({
    summary:
      'Búsqueda de juegos (sin acentos, tolerante a erratas, numerales, siglas, títulos en español); X-Total-Count da el total',
  })
  @ApiOkResponse({
    type: [GameSummaryResponse],
    description: 'Una página de juegos, los más parecidos primero',
    headers: {
      [SEARCH_HEADERS.total]: { description: 'Número total de resultados', schema: { type: 'integer' } },
      [SEARCH_HEADERS.didYouMean]: {
        description: 'Sin resultados: el título más parecido (codificado como URI), si lo hay',
        schema: { type: 'string' },
      },
    },
  })
  async search(@Query() query: SearchQueryDto, @Res() response: Response) {
    const answer = await this.games.search(query);
    for (const [name, value] of Object.entries(searchHeaders(answer))) response.setHeader(name, value);
    sendEncoded(response.req, response, this.answers, answer.body, () => answer.body);
  }

  @Get('suggest')
  @ApiOperation({ summary: 'Sugerencias del buscador mientras se escribe (hasta 8 juegos)' })
  @ApiOkResponse({ type: [GameSuggestionResponse] })
  suggest(@Query() query: SuggestQueryDto, @Res() response: Response) {
    return this.sendJson(response, this.games.suggest(query.q));
  }

  @Get('all')
  @ApiOperation({ summary: 'Catálogo paginado (page empieza en 0)' })
  @ApiOkResponse({ type: GamePageResponse })
  all(@Query() query: GamePageQueryDto, @Res() response: Response) {
    return this.sendJson(response, this.games.findPage(query));
  }

  @Get('best')
  @ApiOkResponse({ type: [GameSummaryResponse], description: 'Mejor valorados del último año' })
  best(@Res() response: Response) {
    return this.sendJson(response, this.games.best());
  }

  @Get('last')
  @ApiOkResponse({ type: [GameSummaryResponse], description: 'Últimos lanzamientos' })
  latest(@Res() response: Response) {
    return this.sendJson(response, this.games.latest());
  }

  @Get('upcoming')
  @ApiOkResponse({ type: [GameSummaryResponse], description: 'Próximos lanzamientos' })
  upcoming(@Res() response: Response) {
    return this.sendJson(response, this.games.upcoming());
  }

  @Get('bestGame')
  @ApiOperation({ summary: 'Juego destacado con sus críticas de medios (204 si no hay ninguno)' })
  @ApiOkResponse({ type: FeaturedGameResponse })
  @NoContentWhenAbsent('Ningún juego destacado elegido')
  featured() {
    return this.games.featured();
  }

  @Get('avRating/:gameId')
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({ summary: 'Media de los jugadores (número o null)' })
  @ApiOkResponse({ schema: { type: 'number', nullable: true, example: 87 } })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  async playerAverage(@Param('gameId', IgdbIdPipe) igdbId: number) {
    return JSON.stringify(await this.games.playerAverage(igdbId));
  }

  @Get('reviews/pro/:id')
  @ApiOkResponse({ type: [MediaReviewResponse] })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  mediaReviews(@Param('id', IgdbIdPipe) igdbId: number, @Res() response: Response) {
    return this.sendJson(response, this.games.mediaReviews(igdbId));
  }

  @Get('reviews/users/:id')
  @ApiOkResponse({ type: [UserReviewResponse] })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  userReviews(@Param('id', IgdbIdPipe) igdbId: number, @Query() query: UserReviewsQueryDto) {
    return this.games.userReviews(igdbId, query.sort);
  }

  @Get(':id/player-timeline')
  @ApiOperation({
    summary:
      'Puntuaciones de jugadores por semana (últimas 104), con las apartadas por actividad inusual, para el gráfico que sombrea sus ventanas',
  })
  @ApiOkResponse({ type: [PlayerTimelineWeekResponse] })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  playerTimeline(@Param('id', IgdbIdPipe) igdbId: number, @Res() response: Response) {
    return this.sendJson(response, this.games.playerTimeline(igdbId));
  }

  @Get(':id')
  @ApiOkResponse({ type: GameDetailResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Juego no encontrado' })
  detail(@Param('id', IgdbIdPipe) igdbId: number, @Res() response: Response) {
    return this.sendJson(response, this.games.detail(igdbId));
  }
}
