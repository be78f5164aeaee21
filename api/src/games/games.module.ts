import { Module } from '@nestjs/common';
import { MicroCache } from '../common/micro-cache.js';
import { GamesController } from './games.controller.js';
import { GamesService } from './games.service.js';

@Module({
  controllers: [GamesController],
  providers: [GamesService, { provide: MicroCache, useFactory: () => new MicroCache(1000, 5000) }],
  exports: [GamesService, MicroCache],
})
export class GamesModule {}
