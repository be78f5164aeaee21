import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { GamesModule } from '../games/games.module.js';
import {
  AdminPricesController,
  GamePricesController,
  UserPriceAlertsController,
} from './prices.controller.js';
import { PricesService } from './prices.service.js';

/** ¿Dónde y por cuánto? (docs/CONTRACT.md §20): the stored prices and the admin's poll. */
@Module({
  imports: [AdminModule, AuthModule, GamesModule],
  controllers: [GamePricesController, AdminPricesController, UserPriceAlertsController],
  providers: [PricesService],
})
export class PricesModule {}
