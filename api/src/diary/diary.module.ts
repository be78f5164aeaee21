import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DataPortabilityController } from './data-portability.controller.js';
import { DiaryExportService } from './export/diary-export.service.js';
import { GameDiaryController } from './game-diary.controller.js';
import { DiaryImportService } from './import/diary-import.service.js';
import { GameDiaryService } from './game-diary.service.js';
import { OwnProfileController, ProfilesController } from './profiles.controller.js';
import { ProfilesService } from './profiles.service.js';
import { YearInReviewController } from './year-in-review.controller.js';
import { YearInReviewService } from './year-in-review.service.js';

@Module({
  imports: [AuthModule],
  controllers: [
    GameDiaryController,
    ProfilesController,
    OwnProfileController,
    YearInReviewController,
    DataPortabilityController,
  ],
  providers: [GameDiaryService, ProfilesService, YearInReviewService, DiaryImportService, DiaryExportService],
  exports: [ProfilesService],
})
export class DiaryModule {}
