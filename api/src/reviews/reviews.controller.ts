import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { NoContentWhenAbsent } from '../common/no-content-when-absent.interceptor.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { CreateReviewDto, UpdateReviewDto } from './dto/review.dto.js';
import { ReviewsService } from './reviews.service.js';

const reviewId = new PositiveIdPipe('El identificador de la crítica no es válido');

@ApiTags('reviews')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  @ApiOperation({ summary: 'Críticas propias' })
  findOwn(@CurrentUser() user: AuthUser) {
    return this.reviews.findOwn(user.id);
  }

  @Get('count')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({ summary: 'Número de críticas propias (un número)' })
  async count(@CurrentUser() user: AuthUser) {
    return JSON.stringify(await this.reviews.countOwn(user.id));
  }

  @Get('game/:igdbID')
  @ApiOperation({ summary: 'La crítica propia del juego (204 si no hay)' })
  @NoContentWhenAbsent()
  findOwnForGame(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.reviews.findOwnForGame(user.id, igdbId);
  }

  @LimitUserWrites()
  @Post()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'Publica (o reemplaza) la crítica del juego; su puntuación es la del usuario' })
  publish(@CurrentUser() user: AuthUser, @Body() dto: CreateReviewDto) {
    return this.reviews.publish(user.id, dto);
  }

  @LimitUserWrites()
  @Put(':id')
  @ApiOperation({ summary: 'Edita el texto de una crítica propia' })
  edit(@CurrentUser() user: AuthUser, @Param('id', reviewId) id: number, @Body() dto: UpdateReviewDto) {
    return this.reviews.edit(user.id, id, dto);
  }

  @LimitUserWrites()
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Elimina una crítica propia' })
  remove(@CurrentUser() user: AuthUser, @Param('id', reviewId) id: number) {
    return this.reviews.remove(user.id, id);
  }
}
