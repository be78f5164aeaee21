import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { GamesModule } from '../games/games.module.js';
import { SearchAdminController } from './search-admin.controller.js';
import { SearchAdminService } from './search-admin.service.js';

/** Search administration: zero-result searches and game aliases (the search itself is in games/). */
@Module({
  imports: [AdminModule, GamesModule],
  controllers: [SearchAdminController],
  providers: [SearchAdminService],
})
export class SearchModule {}
