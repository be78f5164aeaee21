import { Body, Controller, Delete, Get, HttpCode, Put, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { ChangePasswordDto } from '../auth/dto/password.dto.js';
import { PlainTextErrorsFilter } from '../common/plain-text-errors.filter.js';
import { UpdateProfileDto } from './dto/update-profile.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('user')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  @ApiOperation({ summary: 'Perfil de la sesión: {username, email}' })
  me(@CurrentUser() user: AuthUser) {
    return this.users.me(user.id);
  }

  @Put('update-profile')
  @UseFilters(PlainTextErrorsFilter)
  @ApiOperation({
    summary:
      'Cambia el nombre al momento y el email cuando se abre el enlace enviado a la dirección nueva; devuelve un token nuevo (errores en texto plano)',
  })
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto) {
    return this.users.updateProfile(user.id, dto);
  }

  @Put('password')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cambia la contraseña; cierra todas las sesiones, también esta' })
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto) {
    return this.users.changePassword(user.id, dto);
  }

  @Delete('delete-account')
  @UseFilters(PlainTextErrorsFilter)
  @ApiOperation({
    summary: 'Elimina la cuenta con sus puntuaciones, críticas y listas (errores en texto plano)',
  })
  deleteAccount(@CurrentUser() user: AuthUser) {
    return this.users.deleteAccount(user.id);
  }
}
