import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { AdminGuard } from './admin.guard.js';
import { AdminTokenService } from './admin-token.service.js';
import { FeedsService } from './feeds.service.js';
import { QueueDashboardModule } from './queue-dashboard.module.js';
import { ReliabilityService } from './reliability.service.js';

/** The admin password check, admin tokens, job status, news feeds and the queue dashboard. */
@Module({
  imports: [QueueDashboardModule],
  controllers: [AdminController],
  providers: [AdminTokenService, AdminGuard, FeedsService, ReliabilityService],
  exports: [AdminTokenService, AdminGuard],
})
export class AdminModule {}
