import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** The sender, for a process whose ConfigModule provides APP_CONFIG (the API and the workers). */
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
