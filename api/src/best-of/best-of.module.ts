import { Module } from '@nestjs/common';
import { BestOfController } from './best-of.controller.js';
import { BestOfService } from './best-of.service.js';

@Module({ controllers: [BestOfController], providers: [BestOfService] })
export class BestOfModule {}
