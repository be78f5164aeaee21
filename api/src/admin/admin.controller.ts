import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { JobGateway } from '@veredicto/jobs';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { AdminGuard } from './admin.guard.js';
import { AdminPasswordService } from './admin-password.service.js';
import {
  ADMIN_COOKIE,
  ADMIN_TOKEN_LIFETIME_SECONDS,
  AdminTokenService,
  bearerToken,
} from './admin-token.service.js';
import { CheckPasswordDto } from './dto/check-password.dto.js';
import { CreateFeedDto } from './dto/feed.dto.js';
import { FeedsService } from './feeds.service.js';
import { ReliabilityService } from './reliability.service.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

@ApiTags('admin')
@Controller()
export class AdminController {
  constructor(
    private readonly tokens: AdminTokenService,
    private readonly feeds: FeedsService,
    private readonly jobs: JobGateway,
    private readonly reliability: ReliabilityService,
    private readonly adminPassword: AdminPasswordService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('api/auth/check-password')
  @HttpCode(200)
  @UseGuards(AuthThrottlerGuard)
  @Throttle({ default: { limit: 5, ttl: 60_000 } })
  @ApiTooManyRequestsResponse({
    description: 'Más de 5 intentos por minuto desde la misma IP, o la contraseña bajo ataque desde varias',
  })
  @ApiOperation({ summary: 'Contraseña de administración: devuelve un token de administrador válido 2 h' })
  checkPassword(@Body() dto: CheckPasswordDto) {
    return this.adminPassword.exchange(dto.password);
  }

  @Post('api/admin/session')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: `Abre el panel de colas: guarda el token de administrador en la cookie HttpOnly ${ADMIN_COOKIE} (ruta ${QUEUE_DASHBOARD_PATH})`,
  })
  openDashboardSession(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const token = bearerToken(authorization) ?? '';
    response.cookie(ADMIN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.NODE_ENV === 'production',
      path: QUEUE_DASHBOARD_PATH,
      maxAge: ADMIN_TOKEN_LIFETIME_SECONDS * 1000,
    });
  }

  @Delete('api/admin/session')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cierra la sesión del panel de colas (borra la cookie)' })
  closeDashboardSession(@Res({ passthrough: true }) response: Response) {
    response.clearCookie(ADMIN_COOKIE, { path: QUEUE_DASHBOARD_PATH });
  }

  @Post('api/admin/logout')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Cierra la sesión de administración: el token deja de valer y se borra la cookie',
  })
  async logout(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.tokens.end(bearerToken(authorization));
    response.clearCookie(ADMIN_COOKIE, { path: QUEUE_DASHBOARD_PATH });
  }

  @Get('api/admin/jobs/:queue/:jobId')
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Estado y progreso de un trabajo en cola' })
  jobStatus(@Param('queue') queue: string, @Param('jobId') jobId: string) {
    return this.jobs.status(queue, jobId);
  }

  @Get('api/admin/reliability')
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Última reconciliación de las notas y trabajos pendientes de enviar a la cola' })
  reliabilityReport() {
    return this.reliability.report();
  }

  @Get('api/admin/feeds')
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  listFeeds() {
    return this.feeds.list();
  }

  @Post('api/admin/feeds')
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Registra un feed RSS/Atom y lo lee en ese momento' })
  addFeed(@Body() dto: CreateFeedDto) {
    return this.feeds.add(dto.url);
  }

  @Delete('api/admin/feeds/:id')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  @ApiBearerAuth()
  removeFeed(@Param('id', new PositiveIdPipe('El identificador del feed no es válido')) id: number) {
    return this.feeds.remove(id);
  }
}
