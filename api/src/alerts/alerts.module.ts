import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { GamesModule } from '../games/games.module.js';
import { AlertLinksController, UserAlertsController } from './alerts.controller.js';
import { AlertsService } from './alerts.service.js';
import { GameFactsController } from './game-facts.controller.js';
import { GameFactsService } from './game-facts.service.js';

/**
 * Alerts (docs/CONTRACT.md §11): the operator's changes of a game's facts, recorded for the alerts; the
 * bell's notifications, the settings, the one-click unsubscribe and the calendar feed.
 */
@Module({
  imports: [AdminModule, AuthModule, GamesModule],
  controllers: [GameFactsController, UserAlertsController, AlertLinksController],
  providers: [GameFactsService, AlertsService],
})
export class AlertsModule {}
