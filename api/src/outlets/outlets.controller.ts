import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiBearerAuth,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { OutletPageQueryDto, OutletReviewsQueryDto } from './dto/outlet-query.dto.js';
import {
  OutletAgreementResponse,
  OutletDifferencesResponse,
  OutletPageResponse,
  OutletResponse,
  OutletReviewPageResponse,
} from './dto/outlet-responses.dto.js';
import { OutletSlugPipe } from './dto/outlet-slug.pipe.js';
import { OutletsService } from './outlets.service.js';

@ApiTags('outlets')
@ApiBadRequestResponse({ type: ErrorResponse, description: 'Parámetros no válidos' })
@Controller('api')
export class OutletsController {
  constructor(private readonly outlets: OutletsService) {}

  @Get('outlets')
  @ApiOperation({
    summary: 'Medios con críticas, los de más críticas primero; buscar por nombre, país e idioma',
  })
  @ApiOkResponse({ type: OutletPageResponse })
  list(@Query() query: OutletPageQueryDto) {
    return this.outlets.list(query);
  }

  @Get('outlets/:slug')
  @ApiOperation({ summary: 'Un medio: críticas, media y desviación respecto al consenso' })
  @ApiOkResponse({ type: OutletResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Medio no encontrado' })
  detail(@Param('slug', OutletSlugPipe) slug: string) {
    return this.outlets.detail(slug);
  }

  @Get('outlets/:slug/reviews')
  @ApiOperation({ summary: 'Críticas del medio, las más recientes primero (page empieza en 0)' })
  @ApiOkResponse({ type: OutletReviewPageResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Medio no encontrado' })
  async reviews(
    @Param('slug', OutletSlugPipe) slug: string,
    @Query() query: OutletReviewsQueryDto,
    @Res() response: Response,
  ) {
    // Written as it is (a JSON body the service built), past the framework's serialisation.
    response.type('application/json; charset=utf-8').send(await this.outlets.reviews(slug, query));
  }

  @Get('outlets/:slug/differences')
  @ApiOperation({
    summary: 'Gráfico de sus diferencias con el consenso y sus notas más generosas y más duras',
  })
  @ApiOkResponse({ type: OutletDifferencesResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Medio no encontrado' })
  differences(@Param('slug', OutletSlugPipe) slug: string) {
    return this.outlets.differences(slug);
  }

  @Get('user/outlets/:slug/agreement')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cómo coinciden tus puntuaciones con las del medio' })
  @ApiOkResponse({ type: OutletAgreementResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Medio no encontrado' })
  agreement(@CurrentUser() user: AuthUser, @Param('slug', OutletSlugPipe) slug: string) {
    return this.outlets.agreement(user.id, slug);
  }
}
