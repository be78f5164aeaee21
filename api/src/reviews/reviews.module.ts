import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { ReviewFeedbackController } from './review-feedback.controller.js';
import { ReviewFeedbackService } from './review-feedback.service.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({
  imports: [AuthModule, RatingsModule],
  controllers: [ReviewsController, ReviewFeedbackController],
  providers: [ReviewsService, ReviewFeedbackService],
})
export class ReviewsModule {}
