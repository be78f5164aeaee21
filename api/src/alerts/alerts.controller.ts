import { Body, Controller, Get, Header, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { AlertsService } from './alerts.service.js';
import {
  AlertSettingsDto,
  AlertSettingsResponseDto,
  MarkReadDto,
  NotificationsPageDto,
  NotificationsQueryDto,
  UnsubscribeQueryDto,
} from './dto/alerts.dto.js';

@ApiTags('alerts')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class UserAlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('notifications')
  @ApiOperation({ summary: 'Tus avisos de juegos seguidos, del más reciente, y cuántos quedan sin leer' })
  @ApiOkResponse({ type: NotificationsPageDto })
  list(@CurrentUser() user: AuthUser, @Query() query: NotificationsQueryDto) {
    return this.alerts.list(user.id, query.page);
  }

  @LimitUserWrites()
  @Post('notifications/read')
  @HttpCode(200)
  @ApiOperation({ summary: "Marca avisos como leídos ({ ids } o { all: true }: 'Marcar todo como leído')" })
  markRead(@CurrentUser() user: AuthUser, @Body() dto: MarkReadDto) {
    return this.alerts.markRead(user.id, dto);
  }

  @Get('alerts')
  @ApiOperation({ summary: 'Tus ajustes de avisos: correo, tipos, Mis plataformas y el calendario' })
  @ApiOkResponse({ type: AlertSettingsResponseDto })
  settings(@CurrentUser() user: AuthUser) {
    return this.alerts.readSettings(user.id);
  }

  @LimitUserWrites()
  @Put('alerts')
  @ApiOperation({ summary: 'Guarda tus ajustes de avisos' })
  @ApiOkResponse({ type: AlertSettingsResponseDto })
  save(@CurrentUser() user: AuthUser, @Body() dto: AlertSettingsDto) {
    return this.alerts.saveSettings(user.id, dto);
  }

  @LimitUserWrites()
  @Post('alerts/calendar-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Renueva el enlace privado del calendario (el anterior deja de funcionar)' })
  @ApiOkResponse({ type: AlertSettingsResponseDto })
  renewCalendar(@CurrentUser() user: AuthUser) {
    return this.alerts.renewCalendar(user.id);
  }
}

/** The links that work without a login: the mails' one-click unsubscribe and the calendar feed. */
@ApiTags('alerts')
@Controller('api')
export class AlertLinksController {
  constructor(private readonly alerts: AlertsService) {}

  @Post('alerts/unsubscribe')
  @HttpCode(204)
  @ApiOperation({ summary: 'Baja de un clic de los correos de avisos (RFC 8058): el aviso en la web sigue' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorResponse })
  async unsubscribe(@Query() query: UnsubscribeQueryDto): Promise<void> {
    await this.alerts.unsubscribe(query.token);
  }

  @Get('alerts/unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: 'La página del enlace de baja: un botón que confirma (un GET no da de baja)' })
  @ApiProduces('text/html')
  unsubscribePage(@Query() query: UnsubscribeQueryDto): string {
    return (
      '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" ' +
      'content="width=device-width, initial-scale=1"><title>Dejar de recibir correos de avisos</title></head>' +
      '<body style="font-family:Arial,sans-serif;max-width:480px;margin:40px auto;padding:0 16px">' +
      '<h1 style="font-size:22px">Dejar de recibir correos de avisos</h1>' +
      '<p>Seguirás viendo los avisos en la campana de la web.</p>' +
      `<form method="post" action="/api/alerts/unsubscribe?token=${query.token}">` +
      '<button type="submit" style="padding:10px 16px">Dejar de recibir correos</button></form></body></html>'
    );
  }

  @Get('user/calendar.ics')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, max-age=3600')
  @ApiOperation({ summary: 'Calendario privado (RFC 5545) de los lanzamientos de tus juegos seguidos' })
  @ApiProduces('text/calendar')
  @ApiNotFoundResponse({ type: ErrorResponse })
  calendar(@Query() query: UnsubscribeQueryDto): Promise<string> {
    return this.alerts.calendar(query.token);
  }
}
