import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { ListsController } from './lists.controller.js';
import { ListsService } from './lists.service.js';

@Module({
  imports: [AuthModule, RatingsModule],
  controllers: [ListsController],
  providers: [ListsService],
})
export class ListsModule {}
