import { Body, Controller, Get, HttpCode, Post, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { PlainTextErrorsFilter } from '../common/plain-text-errors.filter.js';
import { AuthThrottlerGuard } from './auth-throttler.guard.js';
import { AuthService } from './auth.service.js';
import { ConfirmQueryDto } from './dto/confirm-query.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';

const PER_MINUTE = 60_000;

@ApiTags('auth')
@ApiTooManyRequestsResponse({ description: 'Demasiados intentos desde la misma IP' })
@UseGuards(AuthThrottlerGuard)
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

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
  resendConfirmation(@Body() dto: LoginDto) {
    return this.auth.resendConfirmation(dto);
  }

  @Post('login')
  @HttpCode(200)
  @Throttle({ default: { limit: 10, ttl: PER_MINUTE } })
  @ApiOperation({ summary: 'Inicio de sesión: devuelve un JWT válido 7 días' })
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }
}
