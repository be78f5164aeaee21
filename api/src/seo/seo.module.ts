import { Module } from '@nestjs/common';
import { FrontendController } from './frontend.controller.js';
import { PageMetaService } from './page-meta.service.js';

@Module({ controllers: [FrontendController], providers: [PageMetaService] })
export class SeoModule {}
