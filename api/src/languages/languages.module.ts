import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { LanguageReportsAdminController, LanguageReportsController } from './language-reports.controller.js';
import { LanguageReportsService } from './language-reports.service.js';

/** Players' reports of a game's Spanish and the operator's decisions on them (docs/CONTRACT.md §13). */
@Module({
  imports: [AuthModule, AdminModule],
  controllers: [LanguageReportsController, LanguageReportsAdminController],
  providers: [LanguageReportsService],
})
export class LanguagesModule {}
