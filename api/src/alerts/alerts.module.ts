import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { GamesModule } from '../games/games.module.js';
import { GameFactsController } from './game-facts.controller.js';
import { GameFactsService } from './game-facts.service.js';

/** Alerts (decisions.md section 11): the operator's changes of a game's facts, recorded for the alerts. */
@Module({
  imports: [AdminModule, GamesModule],
  controllers: [GameFactsController],
  providers: [GameFactsService],
})
export class AlertsModule {}
