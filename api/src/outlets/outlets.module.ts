import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OutletsController } from './outlets.controller.js';
import { OutletsService } from './outlets.service.js';

@Module({
  imports: [AuthModule],
  controllers: [OutletsController],
  providers: [OutletsService],
  exports: [OutletsService],
})
export class OutletsModule {}
