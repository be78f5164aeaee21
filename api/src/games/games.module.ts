import { Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { VersionFollower } from '@veredicto/catalogue';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { ProcessMetrics } from '@veredicto/metrics';
import { SearchMiss } from '@veredicto/db';
import { EncodedAnswers } from '../common/encoded-answers.js';
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
    // The read model's one way to stay fresh: its followers read what changed every second, and the
    // read cache's clears (this process's, and the others' through ReadCacheSync) before the next read.
    {
      provide: VersionFollower,
      inject: [MicroCache],
      useFactory: (cache: MicroCache) => {
        const logger = new Logger('ReadModel');
        return new VersionFollower(cache, (message) => logger.warn(message));
      },
    },
    // Answers kept with their compressed bodies; a body given from them is counted as a cache hit.
    {
      provide: EncodedAnswers,
      inject: [{ token: ProcessMetrics, optional: true }],
      useFactory: (metrics?: ProcessMetrics) => {
        if (!metrics) return new EncodedAnswers();
        const hits = new Map<string, ReturnType<typeof metrics.httpCacheHits.labels>>();
        return new EncodedAnswers((route) => {
          let counter = hits.get(route);
          if (!counter) hits.set(route, (counter = metrics.httpCacheHits.labels({ route })));
          counter.inc();
        });
      },
    },
  ],
  exports: [GamesService, MicroCache, ReadCacheSync, EncodedAnswers],
})
export class GamesModule implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(private readonly follower: VersionFollower) {}

  onApplicationBootstrap(): void {
    this.follower.start();
  }

  onModuleDestroy(): void {
    this.follower.stop();
  }
}
