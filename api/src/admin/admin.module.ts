import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { AdminGuard } from './admin.guard.js';
import { AdminPasswordService } from './admin-password.service.js';
import { AdminTokenService } from './admin-token.service.js';
import { FeedsService } from './feeds.service.js';
import { QueueDashboardModule } from './queue-dashboard.module.js';
import { ReliabilityService } from './reliability.service.js';

/** The admin password check, admin tokens, job status, news feeds and the queue dashboard. */
@Module({
  imports: [QueueDashboardModule, RateLimitsModule],
  controllers: [AdminController],
  providers: [AdminTokenService, AdminGuard, AdminPasswordService, FeedsService, ReliabilityService],
  exports: [AdminTokenService, AdminGuard],
})
export class AdminModule {}
