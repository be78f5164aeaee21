import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { ScrapersController } from './scrapers.controller.js';
import { ScrapersService } from './scrapers.service.js';

@Module({
  imports: [AdminModule],
  controllers: [ScrapersController],
  providers: [ScrapersService],
})
export class ScrapersModule {}
