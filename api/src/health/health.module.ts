import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { ServingState } from './serving-state.js';

@Module({ controllers: [HealthController], providers: [ServingState], exports: [ServingState] })
export class HealthModule {}
