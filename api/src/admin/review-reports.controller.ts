import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { AdminGuard } from './admin.guard.js';
import { ReportDecisionDto } from './dto/report-decision.dto.js';
import { ReviewReportsService } from './review-reports.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin/reports')
export class ReviewReportsController {
  constructor(private readonly reports: ReviewReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Denuncias de críticas pendientes, las más antiguas primero' })
  list() {
    return this.reports.listOpen();
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resuelve una denuncia: mantener u ocultar, con el motivo por escrito' })
  decide(
    @Param('id', new PositiveIdPipe('El identificador de la denuncia no es válido')) id: number,
    @Body() dto: ReportDecisionDto,
  ) {
    return this.reports.decide(id, dto.action, dto.reason);
  }
}
