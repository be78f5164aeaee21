import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../admin/admin.guard.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { LimitUserReports } from '../rate-limits/user-report-limit.guard.js';
import { LanguageReportDecisionDto, LanguageReportDto } from './dto/language-report.dto.js';
import { LanguageReportsService } from './language-reports.service.js';

@ApiTags('games')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/games')
export class LanguageReportsController {
  constructor(private readonly reports: LanguageReportsService) {}

  @LimitUserReports()
  @Post(':igdbId/languages/reports')
  @HttpCode(201)
  @ApiOperation({ summary: 'Informar sobre los idiomas: lo que has visto en una plataforma, para revisión' })
  file(
    @CurrentUser() user: AuthUser,
    @Param('igdbId', IgdbIdPipe) igdbId: number,
    @Body() dto: LanguageReportDto,
  ) {
    return this.reports.file(user.id, igdbId, dto);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin/language-reports')
export class LanguageReportsAdminController {
  constructor(private readonly reports: LanguageReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Avisos de idiomas pendientes, los más antiguos primero' })
  list() {
    return this.reports.listOpen();
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Acepta (entrada «user») o rechaza un aviso de idiomas, con el motivo por escrito',
  })
  decide(
    @Param('id', new PositiveIdPipe('El identificador del aviso no es válido')) id: number,
    @Body() dto: LanguageReportDecisionDto,
  ) {
    return this.reports.decide(id, dto.accept, dto.reason);
  }
}
