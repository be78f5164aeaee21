import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { GamesModule } from '../games/games.module.js';
import { NewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

@Module({
  imports: [AdminModule, GamesModule],
  controllers: [NewsController],
  providers: [NewsService],
})
export class NewsModule {}
