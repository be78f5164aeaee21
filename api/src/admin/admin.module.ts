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
import { UnusualActivityController } from './unusual-activity.controller.js';
import { UnusualActivityService } from './unusual-activity.service.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { MailModule } from '@veredicto/mail';

/**
 * The admin password check, admin tokens, job status, news feeds, the queue dashboard, the moderation of
 * reports and the windows of unusual rating activity.
 */
@Module({
  imports: [QueueDashboardModule, RateLimitsModule, MailModule, RatingsModule],
  controllers: [AdminController, ReviewReportsController, UnusualActivityController],
  providers: [
    AdminTokenService,
    AdminGuard,
    AdminPasswordService,
    FeedsService,
    ReliabilityService,
    ReviewReportsService,
    UnusualActivityService,
  ],
  exports: [AdminTokenService, AdminGuard],
})
export class AdminModule {}
