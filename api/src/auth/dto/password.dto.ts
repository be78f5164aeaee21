import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { EmailField } from './account-fields.js';

export const INVALID_RESET_MESSAGE = 'El enlace para restablecer la contraseña no es válido o ha caducado.';

/** The rules of a new password, as at registration. */
export const NewPasswordField = () =>
  applyDecorators(
    ApiProperty({ minLength: 8, maxLength: 200 }),
    IsString({ message: 'La contraseña nueva es obligatoria.' }),
    IsNotEmpty({ message: 'La contraseña nueva es obligatoria.' }),
    MinLength(8, { message: 'La contraseña debe tener al menos 8 caracteres.' }),
    MaxLength(200, { message: 'La contraseña no puede tener más de 200 caracteres.' }),
  );

export class ForgotPasswordDto {
  @EmailField()
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'El token del enlace enviado por e-mail' })
  @IsString({ message: INVALID_RESET_MESSAGE })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: INVALID_RESET_MESSAGE })
  token!: string;

  @NewPasswordField()
  password!: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'La contraseña actual es obligatoria.' })
  @IsNotEmpty({ message: 'La contraseña actual es obligatoria.' })
  @MaxLength(200, { message: 'La contraseña actual no es correcta.' })
  currentPassword!: string;

  @NewPasswordField()
  newPassword!: string;
}
