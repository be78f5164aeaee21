import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { RateGameDto } from './dto/rate-game.dto.js';
import { RatingsService } from './ratings.service.js';

@ApiTags('ratings')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @LimitUserWrites()
  @Post('rating')
  @HttpCode(200)
  @ApiOperation({ summary: 'Puntúa un juego (0-100); responde la media de jugadores ya recalculada' })
  rate(@CurrentUser() user: AuthUser, @Body() dto: RateGameDto) {
    return this.ratings.rate(user.id, dto);
  }
}
