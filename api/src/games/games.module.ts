import { Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { SearchMiss } from '@veredicto/db';
import { MicroCache } from '../common/micro-cache.js';
import { ReadCacheSync } from '../common/read-cache-sync.js';
import { CatalogueIndexService } from './catalogue-index.service.js';
import { CatalogueMemoryService } from './catalogue-memory.service.js';
import { GamesController } from './games.controller.js';
import { GamesService } from './games.service.js';
import { SearchIndexService } from './search-index.service.js';
import { SearchMissCounter } from './search-miss-counter.js';
import { WorkerChangesListener } from './worker-changes.listener.js';

@Module({
  controllers: [GamesController],
  providers: [
    GamesService,
    CatalogueIndexService,
    CatalogueMemoryService,
    SearchIndexService,
    WorkerChangesListener,
    ReadCacheSync,
    {
      provide: SearchMissCounter,
      inject: [EntityManager],
      useFactory: (em: EntityManager) =>
        new SearchMissCounter((counts) => em.fork().getRepository(SearchMiss).record(counts)),
    },
    {
      provide: MicroCache,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new MicroCache(config.READ_CACHE_TTL_MS, 5000),
    },
  ],
  exports: [GamesService, MicroCache, ReadCacheSync],
})
export class GamesModule {}
