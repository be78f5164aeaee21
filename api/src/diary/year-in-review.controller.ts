import { Controller, Get, Headers, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { OptionalAuthGuard, ViewerId } from '../auth/optional-auth.guard.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { YearResponse } from './dto/profile.dto.js';
import { UsernameParamPipe } from './username-param.pipe.js';
import { YearInReviewService } from './year-in-review.service.js';

@ApiTags('profiles')
@Controller('api/users')
@UseGuards(OptionalAuthGuard)
export class YearInReviewController {
  constructor(private readonly years: YearInReviewService) {}

  @Get(':username/year/:year')
  @ApiOperation({
    summary:
      "'Tu año': juegos completados, horas, mejor valorados y plataformas de un año (404 si no puedes ver el perfil)",
  })
  @ApiOkResponse({ type: YearResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Año fuera de 1970 y el actual' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Perfil no encontrado o no visible' })
  year(
    @Param('username', UsernameParamPipe) username: string,
    @Param('year') year: string,
    @ViewerId() viewerId: number | null,
  ) {
    return this.years.year(username, year, viewerId);
  }

  @Get(':username/year/:year/image.png')
  @ApiOperation({ summary: "La imagen de 'Tu año' para compartirlo (PNG de 1200×630, Open Graph)" })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'PNG' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Perfil no encontrado o no visible' })
  async image(
    @Param('username', UsernameParamPipe) username: string,
    @Param('year') year: string,
    @ViewerId() viewerId: number | null,
    @Headers('if-none-match') held: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const image = await this.years.image(username, year, viewerId);
    response.setHeader('ETag', image.etag);
    if (held === image.etag) {
      response.status(304);
      return undefined;
    }
    return new StreamableFile(await image.png(), { type: 'image/png' });
  }
}
