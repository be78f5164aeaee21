import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AdminPricesController, GamePricesController } from './prices.controller.js';
import { PricesService } from './prices.service.js';

/** ¿Dónde y por cuánto? (docs/CONTRACT.md §20): the stored prices and the admin's poll. */
@Module({
  imports: [AdminModule],
  controllers: [GamePricesController, AdminPricesController],
  providers: [PricesService],
})
export class PricesModule {}
