import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { ReviewDiscoveryController } from './review-discovery.controller.js';
import { ReviewDiscoveryAdminService } from './review-discovery.service.js';
import { ScrapersController } from './scrapers.controller.js';
import { ScrapersService } from './scrapers.service.js';

@Module({
  imports: [AdminModule],
  controllers: [ScrapersController, ReviewDiscoveryController],
  providers: [ScrapersService, ReviewDiscoveryAdminService],
})
export class ScrapersModule {}
