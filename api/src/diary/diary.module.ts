import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { GameDiaryController } from './game-diary.controller.js';
import { GameDiaryService } from './game-diary.service.js';
import { OwnProfileController, ProfilesController } from './profiles.controller.js';
import { ProfilesService } from './profiles.service.js';

@Module({
  imports: [AuthModule],
  controllers: [GameDiaryController, ProfilesController, OwnProfileController],
  providers: [GameDiaryService, ProfilesService],
  exports: [ProfilesService],
})
export class DiaryModule {}
