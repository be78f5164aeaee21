import { Module } from '@nestjs/common';
import { AdminController } from './admin.controller.js';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { AdminGuard } from './admin.guard.js';
import { AdminPasswordService } from './admin-password.service.js';
import { AdminTokenService } from './admin-token.service.js';
import { FeedsService } from './feeds.service.js';
import { QueueDashboardModule } from './queue-dashboard.module.js';
import { ReliabilityService } from './reliability.service.js';
import { ReviewReportsController } from './review-reports.controller.js';
import { ReviewReportsService } from './review-reports.service.js';
import { MailModule } from '@veredicto/mail';

/** The admin password check, admin tokens, job status, news feeds and the queue dashboard. */
@Module({
  imports: [QueueDashboardModule, RateLimitsModule, MailModule],
  controllers: [AdminController, ReviewReportsController],
  providers: [
    AdminTokenService,
    AdminGuard,
    AdminPasswordService,
    FeedsService,
    ReliabilityService,
    ReviewReportsService,
  ],
  exports: [AdminTokenService, AdminGuard],
})
export class AdminModule {}
