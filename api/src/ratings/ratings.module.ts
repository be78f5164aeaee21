import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { GamesModule } from '../games/games.module.js';
import { AverageRecalculationService } from './average-recalculation.service.js';
import { RatingsController } from './ratings.controller.js';
import { RatingsService } from './ratings.service.js';

@Module({
  imports: [AuthModule, GamesModule],
  controllers: [RatingsController],
  providers: [RatingsService, AverageRecalculationService],
  exports: [RatingsService, AverageRecalculationService],
})
export class RatingsModule {}
