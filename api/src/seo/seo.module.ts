import { EntityManager } from '@mikro-orm/postgresql';
import { Module } from '@nestjs/common';
import { repository, SitemapRepository } from '@veredicto/db';
import { FrontendController } from './frontend.controller.js';
import { PageMetaService } from './page-meta.service.js';

@Module({
  controllers: [FrontendController],
  providers: [
    PageMetaService,
    {
      provide: SitemapRepository,
      inject: [EntityManager],
      useFactory: (em: EntityManager) => repository(em, SitemapRepository),
    },
  ],
})
export class SeoModule {}
