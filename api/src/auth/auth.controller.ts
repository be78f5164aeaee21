import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBearerAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { PlainTextErrorsFilter } from '../common/plain-text-errors.filter.js';
import { AuthThrottlerGuard } from './auth-throttler.guard.js';
import { AuthTokenService } from './auth-token.service.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { CurrentUser, type AuthUser } from './current-user.decorator.js';
import { ForgotPasswordDto, ResetPasswordDto } from './dto/password.dto.js';
import { ConfirmQueryDto } from './dto/confirm-query.dto.js';
import { LoginLinkDto, UseLoginLinkDto } from './dto/login-link.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { DEVICE_COOKIE } from './login-limits.service.js';
import { RegisterDto } from './dto/register.dto.js';

const PER_MINUTE = 60_000;

@ApiTags('auth')
@ApiTooManyRequestsResponse({ description: 'Demasiados intentos desde la misma IP' })
@UseGuards(AuthThrottlerGuard)
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly tokens: AuthTokenService,
  ) {}

  @Post('register')
  @UseFilters(PlainTextErrorsFilter)
  @Throttle({ default: { limit: 5, ttl: PER_MINUTE } })
  @ApiOperation({ summary: 'Registro; envía el e-mail de confirmación (errores en texto plano)' })
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Get('confirm')
  @Throttle({ default: { limit: 10, ttl: PER_MINUTE } })
  @ApiOperation({ summary: 'Confirma la cuenta con el enlace del e-mail (un solo uso, 24 h)' })
  confirm(@Query() query: ConfirmQueryDto) {
    return this.auth.confirm(query);
  }

  @Post('resend-confirmation')
  @HttpCode(200)
  @Throttle({ default: { limit: 3, ttl: PER_MINUTE } })
  @ApiOperation({
    summary: 'Nuevo enlace de confirmación para una cuenta sin confirmar (con su usuario y contraseña)',
  })
  resendConfirmation(@Body() dto: LoginDto, @Req() request: Request) {
    return this.auth.resendConfirmation(dto, request);
  }

  @Post('forgot-password')
  @HttpCode(202)
  @Throttle({ default: { limit: 3, ttl: PER_MINUTE } })
  @ApiOperation({
    summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la dirección)',
  })
  forgotPassword(@Body() dto: ForgotPasswordDto) {
    return this.auth.forgotPassword(dto);
  }

  @Post('reset-password')
  @HttpCode(204)
  @Throttle({ default: { limit: 10, ttl: PER_MINUTE } })
  @ApiOperation({ summary: 'Contraseña nueva con el enlace del e-mail; cierra todas las sesiones abiertas' })
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Get('confirm-email')
  @Throttle({ default: { limit: 10, ttl: PER_MINUTE } })
  @ApiOperation({ summary: 'Confirma una dirección nueva con el enlace enviado a ella; avisa a la anterior' })
  confirmEmail(@Query() query: ConfirmQueryDto) {
    return this.auth.confirmEmailChange(query);
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Cierra esta sesión en el servidor: su token deja de valer' })
  logout(@CurrentUser() user: AuthUser) {
    return this.tokens.end(user);
  }

  @Post('login')
  @HttpCode(200)
  @Throttle({ default: { limit: 10, ttl: PER_MINUTE } })
  @ApiOperation({
    summary: `Inicio de sesión: devuelve un JWT válido 7 días y marca el navegador como conocido (cookie ${DEVICE_COOKIE}): los fallos de otros no lo frenan`,
  })
  login(@Body() dto: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.auth.login(dto, request, response);
  }

  @Post('login-link')
  @HttpCode(202)
  @Throttle({ default: { limit: 3, ttl: PER_MINUTE } })
  @ApiOperation({
    summary:
      'Envía al correo de la cuenta un enlace de acceso de un solo uso (15 min), para entrar cuando la cuenta sufre intentos fallidos',
  })
  requestLoginLink(@Body() dto: LoginLinkDto) {
    return this.auth.requestLoginLink(dto);
  }

  @Post('login-link/use')
  @HttpCode(200)
  @Throttle({ default: { limit: 10, ttl: PER_MINUTE } })
  @ApiOperation({
    summary: 'Entra con el enlace de acceso: devuelve un JWT y marca el navegador como conocido',
  })
  useLoginLink(@Body() dto: UseLoginLinkDto, @Res({ passthrough: true }) response: Response) {
    return this.auth.useLoginLink(dto, response);
  }
}
